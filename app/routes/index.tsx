import { redirect } from "react-router";
import { START_ROUTE } from "#app/rules/login-redirect";

// `/` is the start route's address; the start route itself sends logged-out visitors to /login.
export function loader() {
  return redirect(START_ROUTE);
}
