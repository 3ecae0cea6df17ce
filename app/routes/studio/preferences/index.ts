import { href, redirect } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import type { Route } from "./+types/index";

/** /preferences opens its first tab. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "preferences");
  throw redirect(href("/preferences/:tab", { tab: "cronjob" }));
}
