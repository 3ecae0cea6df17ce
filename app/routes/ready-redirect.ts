import { href, redirect } from "react-router";
import { START_ROUTE } from "#app/rules/login-redirect";
import type { Route } from "./+types/ready-redirect";

/**
 * /epaper-ready, /zip-ready and /channel-publication-ready: the "your ePaper (zip, channel
 * publication) is ready" mails link here; the query is cleared (studio-core.md §2). A channel
 * publication leads to the channels (/channel), the others to the start route (the ePaper grid).
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return redirect(pathname === href("/channel-publication-ready") ? href("/channel") : START_ROUTE);
}
