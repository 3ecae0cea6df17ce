import { loader as accessibilityLoader } from "#app/routes/api/epaper-accessibility";
import { expect } from "vitest";
import { loader as channelsLoader } from "#app/routes/api/channels";
import { action as epaperAction, loader as epaperLoader } from "#app/routes/api/epaper";
import { action as publishAction } from "#app/routes/api/epaper-publications";
import { loader as pageFileLoader } from "#app/routes/api/epaper-page-file";
import { loader as zipLoader } from "#app/routes/api/epaper-zip";
import { action as epapersAction, loader as epapersLoader } from "#app/routes/api/epapers";
import { loader as publicationsLoader } from "#app/routes/api/publications";
import { action as uploadsAction } from "#app/routes/api/uploads";
import { API_BASE, document, documentProblems } from "./openapi-check.ts";

/*
 * Calls of the public API's route modules (issue 32, ADR 0056) as React Router makes them, each
 * answer checked against the generated OpenAPI document (openapi-check.ts).
 */

export { API_BASE, document };

type RouteArgs = { request: Request; params: Record<string, string>; context: never };
type Handler = (args: RouteArgs) => Promise<Response>;
const ROUTES: { template: string; pattern: RegExp; loader?: Handler; action?: Handler }[] = [
  {
    template: "/api/v1/epapers/{epaperId}/publications",
    pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)\/publications$/,
    action: publishAction as never,
  },
  {
    template: "/api/v1/epapers/{epaperId}/pages/{pageNumber}/{file}",
    pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)\/pages\/(?<pageNumber>\d+)\/(?<file>[^/]+)$/,
    loader: pageFileLoader as never,
  },
  { template: "/api/v1/epapers/{epaperId}/zip", pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)\/zip$/, loader: zipLoader as never },
  {
    template: "/api/v1/epapers/{epaperId}/accessibility",
    pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)\/accessibility$/,
    loader: accessibilityLoader as never,
  },
  {
    template: "/api/v1/epapers/{epaperId}",
    pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)$/,
    loader: epaperLoader as never,
    action: epaperAction as never,
  },
  { template: "/api/v1/epapers", pattern: /^\/api\/v1\/epapers$/, loader: epapersLoader as never, action: epapersAction as never },
  { template: "/api/v1/uploads", pattern: /^\/api\/v1\/uploads$/, action: uploadsAction as never },
  { template: "/api/v1/publications", pattern: /^\/api\/v1\/publications$/, loader: publicationsLoader as never },
  { template: "/api/v1/channels", pattern: /^\/api\/v1\/channels$/, loader: channelsLoader as never },
];

export type ApiAnswer = { status: number; headers: Headers; body: Record<string, unknown> };

/** Every answer received, by test; the document check runs on each as it arrives. */
export const checkedAnswers: string[] = [];

export type ApiCallOptions = {
  key?: string | null;
  headers?: Record<string, string>;
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** A JSON body (sent as application/json), or a ready body (FormData, bytes) with its own headers. */
  json?: unknown;
  body?: BodyInit;
};

/** One call with `key` (a bearer token) or other headers; the answer is validated against the document. */
export async function callApi(path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> {
  const url = new URL(path, API_BASE);
  const route = ROUTES.find((candidate) => candidate.pattern.test(url.pathname));
  if (!route) throw new Error(`no API route for ${url.pathname}`);
  const method = options.method ?? (options.json !== undefined || options.body !== undefined ? "POST" : "GET");
  const headers = new Headers(options.headers);
  if (options.key) headers.set("Authorization", `Bearer ${options.key}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const request = new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const params = (route.pattern.exec(url.pathname)?.groups ?? {}) as Record<string, string>;
  const handler = method === "GET" ? route.loader : route.action;
  if (!handler) throw new Error(`${route.template} has no ${method} handler`);
  const response = await handler({ request, params, context: undefined as never });
  const type = response.headers.get("content-type")?.split(";")[0] ?? "";
  const text = type === "application/zip" || type.startsWith("image/") ? "" : await response.text();
  const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  expectDocumented(route.template, method.toLowerCase(), response, text ? parsed : undefined);
  checkedAnswers.push(`${response.status} ${method} ${route.template}`);
  return { status: response.status, headers: response.headers, body: parsed };
}

function expectDocumented(template: string, method: string, response: Response, body: unknown) {
  const contentType = response.headers.get("content-type")?.split(";")[0] ?? "";
  const problems = documentProblems(template, method, {
    status: response.status,
    contentType,
    setCookie: response.headers.get("set-cookie"),
    headers: response.headers.entries(),
    body,
  });
  expect(problems).toEqual([]);
}
