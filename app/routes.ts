import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/*
 * The studio's addresses, with route modules grouped by feature under app/routes/: accounts/
 * (headerless pages of login, signup, passwords, token links, try-it), embedded/ (the upload
 * widget), studio/ (the app shell and every page in it, support and preferences with a route per
 * tab), epaper/ (an ePaper's resources; the editor is their page at /epaper/:epaperId),
 * resources/ (the shell's and the tree's JSON and form endpoints).
 */
export default [
  index("routes/index.tsx"),
  // Headerless pages (studio-admin.md §2): their own minimal frame, no app shell.
  route("login", "routes/accounts/login.tsx"),
  route("maintenance/login", "routes/accounts/login.tsx", { id: "maintenance-login" }),
  route("maintenance-login", "routes/accounts/login.tsx", { id: "maintenance-login-alias" }),
  route("signup", "routes/accounts/signup.tsx"),
  route("password", "routes/accounts/password.tsx"),
  route("password-reset", "routes/accounts/password.tsx", { id: "password-reset" }),
  route("auth/:authType/with/:token", "routes/accounts/auth-token.tsx"),
  route("deactivate-email/:authType/with/:token", "routes/accounts/deactivate-email.tsx"),
  route("try-it", "routes/accounts/try-it.tsx"),
  route("logout", "routes/accounts/logout.ts"),
  // The preview link's password page and its check (studio-core.md §2, §7): no login needed.
  route("protected-sharing/:sharingType/:sharingHash", "routes/sharing/protected-sharing.tsx"),
  route("verify-publication-access/:sharingType/:sharingHash", "routes/sharing/verify-publication-access.ts"),
  ...prefix("upload-embedded", [
    index("routes/embedded/upload-embedded.tsx"),
    route("continue/:token", "routes/embedded/continue.tsx"),
    route("session", "routes/embedded/session.ts"),
  ]),
  // The studio: every page inside the app shell (header, menus, footer) needs a login.
  layout("routes/studio/layout.tsx", { id: "studio" }, [
    route("epaper", "routes/studio/epaper.tsx"),
    route("epaper/:epaperId", "routes/studio/editor.tsx"),
    // An ePaper's readership statistics (issue 31, ADR 0053, ADR 0055); the CSV export is its resource below.
    route("epaper/:epaperId/statistics", "routes/studio/statistics.tsx"),
    route("channel", "routes/studio/channel.tsx"),
    // A channel's readership statistics across the ePapers it showed (issue 31, ADR 0053); the CSV is its resource below.
    route("channel/:channelId/statistics", "routes/studio/channel-statistics.tsx"),
    route("shop/:orderType", "routes/studio/shop.tsx"),
    route("support", "routes/studio/support/layout.tsx", [
      index("routes/studio/support/index.ts"),
      route(":tab", "routes/studio/support/tab.tsx"),
    ]),
    route("preferences", "routes/studio/preferences/layout.tsx", [
      index("routes/studio/preferences/index.ts"),
      route(":tab", "routes/studio/preferences/tab.tsx"),
    ]),
  ]),
  // An ePaper's resources. Upload card (studio-core.md §4): JSON routes the browser calls with fetch.
  route("upload-pdf", "routes/epaper/upload-pdf.ts"),
  route("upload-pdf-exchange", "routes/epaper/upload-pdf-exchange.ts"),
  route("upload-pdf-replace", "routes/epaper/upload-pdf-exchange.ts", { id: "upload-pdf-replace" }),
  ...prefix("epaper", [
    route("create", "routes/epaper/create.ts"),
    ...prefix(":epaperId", [
      route("cover", "routes/epaper/cover.ts"),
      route("pages", "routes/epaper/pages.ts"),
      route("pages/:pageNumber/:file", "routes/epaper/page-file.ts"),
      route("action", "routes/epaper/action.ts"),
      route("settings", "routes/epaper/settings.ts"),
      route("settings/image", "routes/epaper/settings-image.ts"),
      route("toc", "routes/epaper/toc.ts"),
      route("pages-settings", "routes/epaper/pages-settings.ts"),
      route("page-structure", "routes/epaper/page-structure.ts"),
      route("zip", "routes/epaper/zip.ts"),
      // The readership statistics as a CSV download (issue 31, ADR 0053).
      route("statistics.csv", "routes/epaper/statistics-csv.ts"),
      // The statistics screen's heartbeat for 'reading now' (ADR 0053).
      route("reading-now", "routes/epaper/reading-now.ts"),
      // The accessibility report (issue 47, ADR 0067).
      route("accessibility", "routes/epaper/accessibility.ts"),
    ]),
  ]),
  route("channel/:channelId/action", "routes/channel/action.ts"),
  route("channel/:channelId/statistics.csv", "routes/channel/statistics-csv.ts"),
  route("resources/channels", "routes/resources/channels.ts"),
  route("resources/licence-history", "routes/resources/licence-history.ts"),
  route("resources/shop-channels", "routes/resources/shop-channels.ts"),
  route("resources/subdomains", "routes/resources/subdomains.ts"),
  route("resources/account-switch", "routes/resources/account-switch.ts"),
  route("resources/devkit", "routes/resources/devkit.ts"),
  route("resources/support-details", "routes/resources/support-details.ts"),
  route("resources/support-image/:epaperId/:file", "routes/resources/support-image.ts"),
  route("resources/support-render-node", "routes/resources/support-render-node.ts"),
  route("resources/news-image/:newsId", "routes/resources/news-image.ts"),
  // The public API (issue 32, ADR 0056): bearer API keys only, never the session cookie.
  ...prefix("api/v1", [
    route("epapers", "routes/api/epapers.ts"),
    route("epapers/:epaperId", "routes/api/epaper.ts"),
    route("epapers/:epaperId/publications", "routes/api/epaper-publications.ts"),
    route("epapers/:epaperId/zip", "routes/api/epaper-zip.ts"),
    route("epapers/:epaperId/accessibility", "routes/api/epaper-accessibility.ts"),
    route("epapers/:epaperId/pages/:pageNumber/:file", "routes/api/epaper-page-file.ts"),
    route("uploads", "routes/api/uploads.ts"),
    route("publications", "routes/api/publications.ts"),
    route("channels", "routes/api/channels.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    // Anything else under /api/v1/ is a problem document, not the studio's HTML page.
    route("*", "routes/api/unknown.ts"),
  ]),
  route("api/v1", "routes/api/unknown.ts", { id: "routes/api/unknown-root" }),
  route("api/docs", "routes/api/docs.ts"),
  route("api/docs/assets/:file", "routes/api/docs-asset.ts"),
  // The external shop's server reports orders here (ADR 0040): signed, no session.
  route("webhooks/shop", "routes/shop/webhook.ts"),
  // Old and e-mail link addresses of the start route (studio-core.md §2).
  route("home", "routes/home-redirect.ts"),
  route("epaper-ready", "routes/ready-redirect.ts", { id: "epaper-ready" }),
  route("zip-ready", "routes/ready-redirect.ts", { id: "zip-ready" }),
  route("channel-publication-ready", "routes/ready-redirect.ts", { id: "channel-publication-ready" }),
  route("language", "routes/resources/language.ts"),
  route("resources/profile", "routes/resources/profile.ts"),
  // The strength meter of new passwords (ADR 0048): public (signup and reset have no session), POST only.
  route("resources/password-strength", "routes/resources/password-strength.ts"),
  // One language's texts for the browser, at an address naming their content (issue 29, ADR 0005).
  route("resources/translations/:locale/:version", "routes/resources/translations.ts"),
  route("resources/account-settings", "routes/resources/account-settings.ts"),
  // The account drawer's API keys (issue 32, ADR 0056).
  route("resources/api-keys", "routes/resources/api-keys.ts"),
  // The account drawer's webhooks and an endpoint's delivery log (issue 32 item 4, ADR 0058).
  route("resources/webhooks", "routes/resources/webhooks.ts"),
  route("resources/webhooks/:endpointId/deliveries", "routes/resources/webhook-deliveries.ts"),
  route("resources/folders", "routes/resources/folders.ts"),
  route("resources/galleries", "routes/resources/galleries.ts"),
  route("resources/media", "routes/resources/media.ts"),
  route("resources/tours", "routes/resources/tours.ts"),
  route("resources/epaper-options", "routes/resources/epaper-options.ts"),
  route("upload-gallery-image", "routes/resources/upload-gallery-image.ts"),
  route("upload-enrichment-preview-image", "routes/resources/upload-enrichment-preview-image.ts"),
  route("media/:mediaId", "routes/resources/media-file.ts"),
  // The default legal and help pages of a fresh installation (the seeded links point here).
  route("legal/:page", "routes/legal.tsx"),
  route("page-not-found", "routes/page-not-found.tsx", { id: "page-not-found" }),
  route("404", "routes/page-not-found.tsx", { id: "page-not-found-alias" }),
  route("healthz", "routes/resources/healthz.ts"),
  route("events", "routes/resources/events.ts"),
  // Unknown URLs must still pass the root middleware (i18n), so a catch-all sends them on.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
