import { redirect, href } from "react-router";

// studio-core.md §2: unknown routes go to /page-not-found.
export function loader() {
  return redirect(href("/page-not-found"));
}

export function action() {
  return redirect(href("/page-not-found"));
}
