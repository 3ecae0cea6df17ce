import { redirect } from "react-router";

// The start route is /epaper once the workspace exists; until a user can sign in, / leads to the login.
export function loader() {
  return redirect("/login");
}
