import { redirect } from "react-router";
import { START_ROUTE } from "#app/rules/login-redirect";
import type { Route } from "./+types/home-redirect";

// studio-core.md §2: /home is the start route under an older name; the query goes along.
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`${START_ROUTE}${new URL(request.url).search}`);
}
