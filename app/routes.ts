import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/index.tsx"),
  // Headerless pages (studio-admin.md §2): their own minimal frame, no app shell.
  route("login", "routes/login.tsx"),
  route("maintenance/login", "routes/login.tsx", { id: "maintenance-login" }),
  route("maintenance-login", "routes/login.tsx", { id: "maintenance-login-alias" }),
  route("signup", "routes/signup.tsx"),
  route("password", "routes/password.tsx"),
  route("password-reset", "routes/password.tsx", { id: "password-reset" }),
  route("auth/:authType/with/:token", "routes/auth-token.tsx"),
  route("deactivate-email/:authType/with/:token", "routes/deactivate-email.tsx"),
  route("try-it", "routes/try-it.tsx"),
  route("upload-embedded", "routes/upload-embedded.tsx"),
  route("upload-embedded/continue/:token", "routes/upload-embedded-continue.tsx"),
  route("upload-embedded/session", "routes/resources/embedded-session.ts"),
  route("logout", "routes/logout.ts"),
  // The studio: every page inside the app shell (header, menus, footer) needs a login.
  layout("routes/studio-layout.tsx", [
    route("epaper", "routes/epaper.tsx"),
    route("support/:tab?", "routes/support.tsx"),
    route("preferences/:tab?", "routes/preferences.tsx"),
    route("coming-later/:feature", "routes/coming-later.tsx"),
  ]),
  // Old and e-mail link addresses of the start route (studio-core.md §2).
  route("home", "routes/home-redirect.ts"),
  route("epaper-ready", "routes/ready-redirect.ts", { id: "epaper-ready" }),
  route("zip-ready", "routes/ready-redirect.ts", { id: "zip-ready" }),
  route("channel-publication-ready", "routes/ready-redirect.ts", { id: "channel-publication-ready" }),
  route("language", "routes/resources/language.ts"),
  route("resources/profile", "routes/resources/profile.ts"),
  route("resources/account-settings", "routes/resources/account-settings.ts"),
  route("resources/folders", "routes/resources/folders.ts"),
  // Upload card (studio-core.md §4): JSON resource routes the browser calls with fetch.
  route("upload-pdf", "routes/resources/upload-pdf.ts"),
  route("epaper/create", "routes/resources/create-epaper.ts"),
  route("page-not-found", "routes/page-not-found.tsx", { id: "page-not-found" }),
  route("404", "routes/page-not-found.tsx", { id: "page-not-found-alias" }),
  route("healthz", "routes/resources/healthz.ts"),
  route("events", "routes/resources/events.ts"),
  route("epaper/:epaperId/cover", "routes/resources/epaper-cover.ts"),
  route("epaper/:epaperId/action", "routes/resources/epaper-action.ts"),
  route("epaper/:epaperId/zip", "routes/resources/epaper-zip.ts"),
  // Unknown URLs must still pass the root middleware (i18n), so a catch-all sends them on.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
