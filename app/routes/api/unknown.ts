import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import type { Route } from "./+types/unknown";

/*
 * Every address under /api/v1/ that no route answers (issue 45): a problem document, 404, of the
 * type `unknown-path`, for every method, instead of the studio's HTML page. No key is checked: the
 * answer says nothing about any account.
 */
const unknownPath = (request: Request) =>
  problemResponse(new AppError("api.errors.unknownPath", { status: 404, problemType: "unknown-path" }), request);

export const loader = ({ request }: Route.LoaderArgs) => unknownPath(request);
export const action = ({ request }: Route.ActionArgs) => unknownPath(request);
