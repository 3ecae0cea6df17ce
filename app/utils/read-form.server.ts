import { data } from "react-router";

/**
 * A route's form data, or a 400 'This request is not valid.' when the body is no form at all
 * (JSON, a broken multipart boundary, garbage): a malformed request is the sender's mistake,
 * never a 500 (issue 16, finding 6). Routes read forms only through this (architecture check).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw invalidRequest();
  }
}

/** The 400 answer of a request the studio cannot read: page actions show it, JSON routes send it as their error body. */
export function invalidRequest() {
  return data({ error: { messageKey: "errors.invalidRequest" as const, params: {} } }, { status: 400 });
}
