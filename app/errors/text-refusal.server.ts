import type { TranslationKey } from "#app/locales/translation-key";
import { isApiErrorBody } from "./api-error-body.ts";

/**
 * A download link's refusal for a person (the statistics CSV exports, issue 31 item 4): the one
 * mapper's answer (errorToApiResponse: status, headers, message key) with its message translated
 * as plain text, which the browser shows when a followed link is refused. A caller that asks for
 * JSON (fetch) keeps the studio's JSON error body, and an answer that is no refusal passes as it is.
 */
export async function textRefusal(
  answer: Response,
  request: Request,
  t: (key: TranslationKey, params?: Record<string, string | number>) => string,
): Promise<Response> {
  if (answer.status < 400 || /application\/json/.test(request.headers.get("Accept") ?? "")) return answer;
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => null);
  if (!isApiErrorBody(body)) return answer;
  const headers = new Headers(answer.headers);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(t(body.error.messageKey, body.error.params), { status: answer.status, headers });
}
