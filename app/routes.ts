import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/index.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("epaper", "routes/epaper.tsx"),
  route("page-not-found", "routes/page-not-found.tsx", { id: "page-not-found" }),
  route("404", "routes/page-not-found.tsx", { id: "page-not-found-alias" }),
  route("healthz", "routes/resources/healthz.ts"),
  // Unknown URLs must still pass the root middleware (i18n), so a catch-all sends them on.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
