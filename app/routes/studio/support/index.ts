import { href, redirect } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import type { Route } from "./+types/index";

/** /support opens its first tab. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePagePermission(studioUserOf(context), request, "support");
  throw redirect(href("/support/:tab", { tab: "accounts" }));
}
