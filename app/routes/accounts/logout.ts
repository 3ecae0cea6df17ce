import { redirect } from "react-router";
import { logout } from "#app/auth/require-user.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so it is a POST only (SameSite=Lax cookies are the CSRF guard).
export function loader() {
  return redirect("/");
}

export function action({ request }: Route.ActionArgs) {
  return logout({ db, redis }, request);
}
