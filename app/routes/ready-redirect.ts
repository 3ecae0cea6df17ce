import { redirect } from "react-router";
import { START_ROUTE } from "#app/rules/login-redirect";

/**
 * /epaper-ready, /zip-ready and /channel-publication-ready: the "your ePaper (zip, channel
 * publication) is ready" mails link here; the query is cleared (studio-core.md §2).
 * /channel-publication-ready should lead to /channel, which does not exist yet, so it leads to
 * the start route too (docs/decisions/0014-app-shell.md).
 */
export function loader() {
  return redirect(START_ROUTE);
}
