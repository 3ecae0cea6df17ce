import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceProvider } from "#app/components/nonce";
import { getEnv } from "#app/utils/env.server";
import { FlushBatches } from "#app/utils/flush-batches.server";
import { getInstance } from "#app/utils/i18next.server";
import { contentSecurityPolicy, frameAncestorsOf } from "#app/utils/security-headers.server";
import { noteServiceOutage } from "#app/utils/service-outage.server";
import { redactPath } from "#app/utils/redact-secrets";

export const streamTimeout = 5_000;

/**
 * Every error of a loader or action: an outage of the database or Redis is one line (the request
 * answers 503, service-outage.server.ts), anything else is logged whole. Aborted requests are not.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }) {
  if (request.signal.aborted) return;
  if (noteServiceOutage(context, error)) {
    console.warn(`service unavailable for ${redactPath(new URL(request.url).pathname)}: ${(error as Error).message}`);
    return;
  }
  console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The root middleware made this request's i18next instance (a catch-all route ensures
  // that every URL, including unknown ones, passes through it).
  const i18n = getInstance(loadContext);
  // A fresh nonce per page: only the scripts React Router renders may run (ADR 0027).
  const nonce = randomBytes(16).toString("base64");
  const env = getEnv();
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      nonce,
      contentOrigin: env.CONTENT_URL,
      frameAncestors: frameAncestorsOf(responseHeaders.get("Content-Security-Policy")),
      development: env.NODE_ENV === "development",
    }),
  );

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // What React writes reaches the response in one piece per React flush (issue 29).
          const body = new FlushBatches();
          body.on("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
