import { createReadStream, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import { verifyTimestamped } from "#app/utils/timestamped-signature.server";
import { CORPUS } from "../support/corpus.ts";
import { documentProblems, templateOf } from "../support/openapi-check.ts";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openAccountDrawer } from "./support/account-drawer.ts";
import { generateAndCheckProgram } from "./support/generated-client.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_API_CLIENT_PORT, E2E_BASE_URL } from "./support/slot.ts";

// Issue 32 "done means" and issue 45 item 9, as an outside program meets the studio: a key (read,
// write, publish) and a webhook endpoint made in the account drawer; then a program with a client
// generated from the running studio's OpenAPI document (openapi-typescript + openapi-fetch, type-
// checked against it first: no cast, no hand-written serializer) imports a PDF from its own server
// and uploads others (an Idempotency-Key replay, the key with another file, no file), makes an
// ePaper (a replay answers the same one), polls until it is rendered, fetches a page image and
// revalidates it (304), renames it, publishes a preview and a zip and finds them by the ids the
// publishes answered, downloads the zip, and at the end deletes the ePaper. Its server receives the
// webhooks signed with the endpoint's secret. The drawer's delivery log shows them delivered,
// sends one again and a test event, and shows an attempt's request and response (the phone's
// German run of that log: webhooks.test.ts); the key, revoked in the drawer, is refused at once.
// Everything is real: render node, worker, S3-compatible store, webhooks through the SSRF-safe
// fetch. Desktop only: an outside program has no screen size. Every answer it receives is checked
// against the OpenAPI document (status, content type, body, the headers a client acts on).

test.afterAll(closeE2eDb);

const FILE = "pypdf__habibi.pdf";
const OTHER_FILE = "plumber__pdffill-demo.pdf";

type Call = { headers: IncomingHttpHeaders; body: string };

/** The program's own server: serves its PDF at /catalogue.pdf and receives webhooks at /hooks. */
async function startOutsideProgram(port: number) {
  const hooks: Call[] = [];
  const server = createServer((incoming, response) => {
    if (incoming.method === "GET" && incoming.url === "/catalogue.pdf") {
      response.writeHead(200, { "content-type": "application/pdf" });
      createReadStream(path.join(CORPUS, FILE)).pipe(response);
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      if (incoming.url === "/hooks") hooks.push({ headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(incoming.url === "/hooks" ? 204 : 404).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    hooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One answer the outside program received, checked against the OpenAPI document (status, type, body, headers). */
async function expectDocumented(method: string, response: Response) {
  const { pathname } = new URL(response.url);
  const template = templateOf(pathname);
  expect(template, `${pathname} is not in the document`).not.toBeNull();
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
  const text = contentType.endsWith("json") ? await response.text() : "";
  const answer = {
    status: response.status,
    contentType,
    setCookie: response.headers.get("set-cookie"),
    headers: response.headers.entries(),
    body: text ? JSON.parse(text) : undefined,
  };
  expect(documentProblems(template ?? "", method, answer)).toEqual([]);
}

/**
 * The outside program, imported by a name TypeScript does not follow: it is checked against the
 * types generated at test time (generated-client.ts), which a fresh checkout does not have yet.
 */
const PROGRAM = "./outside-program/program.ts";
type Answered = (method: string, response: Response) => Promise<void>;
type OutsideProgram = {
  runOutsideProgram: (options: {
    baseUrl: string;
    token: string;
    importUrl: string;
    pdf: Blob;
    otherPdf: Blob;
    onAnswer: Answered;
    pause: (ms: number) => Promise<void>;
  }) => Promise<Record<string, unknown>>;
  deleteWithProgram: (options: { baseUrl: string; token: string; onAnswer: Answered }, epaperId: string) => Promise<unknown>;
};

const DRAWER = { menu: /^Main menu/, account: "Account", heading: "API keys" };

test("an outside program uploads, renders, publishes and downloads with a key, and hears about it by signed webhooks", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "an outside program: one run says it all");
  // A whole render and a zip build beside the other worker's journeys.
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const program = await startOutsideProgram(E2E_API_CLIENT_PORT);
  const client = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const user = await insertUserWithLevel("2", { user: { emailLanguage: "en" } });
    await e2eDb().updateTable("account").set({ zipContingent: 1 }).where("id", "=", user.accountId).execute();
    await logInAs(context, user);
    await page.goto("/epaper");

    // The customer's setup in the drawer: a key with every scope, and an endpoint with every event.
    const drawer = await openAccountDrawer(page, DRAWER);
    await drawer.getByLabel("Name", { exact: true }).fill("Print workflow");
    for (const scope of ["Write", "Publish"]) await drawer.getByRole("checkbox", { name: scope, exact: true }).check();
    await drawer.getByRole("button", { name: "Create key" }).click();
    await expect(drawer.locator("#api-key-secret")).toHaveValue(/^ep_live_/);
    const token = await drawer.locator("#api-key-secret").inputValue();
    await drawer.getByRole("button", { name: "Done" }).click();
    const hookUrl = `http://127.0.0.1:${E2E_API_CLIENT_PORT}/hooks`;
    await drawer.getByLabel("Endpoint address (https)", { exact: true }).fill(hookUrl);
    await drawer.getByRole("button", { name: "Add endpoint" }).click();
    await expect(drawer.locator("#webhook-secret")).toHaveValue(/^whsec_/);
    const secret = await drawer.locator("#webhook-secret").inputValue();
    await drawer.getByRole("button", { name: "Done" }).click();

    // The outside program: types generated from the live document, checked, then run (issue 45 item 9).
    expect(await generateAndCheckProgram(`${E2E_BASE_URL}/api/v1/openapi.json`)).toBe("");
    const { runOutsideProgram, deleteWithProgram } = (await import(PROGRAM)) as OutsideProgram;
    const pdf = (file: string) => new Blob([readFileSync(path.join(CORPUS, file))], { type: "application/pdf" });
    const calls = { baseUrl: E2E_BASE_URL, token, onAnswer: expectDocumented };
    const report = await runOutsideProgram({
      ...calls,
      importUrl: `http://127.0.0.1:${E2E_API_CLIENT_PORT}/catalogue.pdf`,
      pdf: pdf(FILE),
      otherPdf: pdf(OTHER_FILE),
      pause: (ms) => page.waitForTimeout(ms),
    });
    const epaperId = String(report.epaperId);
    expect(report).toMatchObject({
      imported: { status: 201, fileName: "catalogue.pdf" },
      direct: { status: 201, sameId: true, replayed: "true", otherFileStatus: 422 },
      noFile: { status: 422, fields: ["file"] },
      created: { status: 201, sameId: true, replayed: "true" },
      rendered: { isRendered: true, processType: null },
      image: { status: 200, type: "image/webp", revalidated: 304 },
      renamed: { status: 200, name: "Autumn catalogue 2026", unchangedStatus: 200, unchangedName: "Autumn catalogue 2026" },
      preview: { status: 202, publicationId: expect.any(String), previewAddress: expect.stringMatching(/\/preview\/\w+\/$/) },
      zip: { status: 202, listed: true, download: 200, magic: "PK" },
      channels: { status: 200, count: 0 },
    });
    // The repeats left nothing behind: the import and the first direct upload are all there is.
    const uploads = await e2eDb().selectFrom("upload").select("id").where("accountId", "=", user.accountId).execute();
    expect(uploads).toHaveLength(2);
    // An address the studio may not fetch (a private one not allowed): refused, translated.
    const auth = { Authorization: `Bearer ${token}` };
    const refused = await client.post("/api/v1/uploads", {
      headers: { ...auth, "Accept-Language": "de" },
      data: { url: "http://127.0.0.1:9/secret.pdf" },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "Unprocessable", detail: expect.stringContaining("öffentlichen Internet") });
    // An address under /api/v1/ that nothing answers: a problem document, not the studio's page.
    const unknown = await client.get("/api/v1/epaper", { headers: auth });
    expect({ status: unknown.status(), type: unknown.headers()["content-type"] }).toEqual({
      status: 404,
      type: "application/problem+json",
    });

    // The webhooks: rendered, and ready twice (preview, zip), each signed with this endpoint's secret only.
    type Hook = { id: string; type: string; data: Record<string, unknown> };
    const received = () => program.hooks.map((hook) => JSON.parse(hook.body) as Hook);
    await expect.poll(() => received().filter((hook) => hook.type === "publication.ready").length, { timeout: 60_000 }).toBe(2);
    expect(received().find((hook) => hook.type === "epaper.rendered")?.data).toMatchObject({ epaperId, name: "Autumn catalogue" });
    for (const hook of program.hooks) {
      expect(verifyTimestamped(secret, hook.body, (hook.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(true);
      expect(verifyTimestamped(`${secret}x`, hook.body, (hook.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(false);
    }

    // The drawer's delivery log: both delivered; 'send again' sends the render's event once more.
    await page.reload();
    const again = await openAccountDrawer(page, DRAWER);
    await again.getByRole("button", { name: `Delivery log of ${hookUrl}` }).click();
    const log = again.getByRole("region", { name: `Deliveries to ${hookUrl}` });
    const rendered = log.locator("li[data-state]").filter({ hasText: "epaper.rendered" });
    await expect(log.locator("li[data-state='delivered']")).toHaveCount(3);
    await expect(rendered.getByText("HTTP 204", { exact: true })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    const before = program.hooks.length;
    await rendered.getByRole("button", { name: /^Send again: ePaper rendered of .+$/ }).click();
    await expect(page.getByText("The event is being sent again.")).toBeVisible();
    await expect.poll(() => program.hooks.length, { timeout: 30_000 }).toBe(before + 1);
    const resent = program.hooks[before];
    expect(JSON.parse(resent?.body ?? "{}")).toMatchObject({ type: "epaper.rendered", data: { epaperId } });
    expect(verifyTimestamped(secret, resent?.body ?? "", (resent?.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(
      true,
    );
    await expect(async () => {
      await log.getByRole("button", { name: "Refresh" }).click();
      await expect(rendered.getByText("sent again")).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });

    // 'Send test event': a signed ping reaches the program; its attempt shows the exchange.
    const beforePing = program.hooks.length;
    await log.getByRole("button", { name: `Send test event to ${hookUrl}` }).click();
    await expect.poll(() => program.hooks.length, { timeout: 30_000 }).toBe(beforePing + 1);
    const ping = program.hooks[beforePing];
    expect(JSON.parse(ping?.body ?? "{}")).toMatchObject({ type: "ping" });
    expect(verifyTimestamped(secret, ping?.body ?? "", (ping?.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(true);
    const pinged = log.locator("li[data-state='delivered']").filter({ hasText: "Test event" });
    await expect(pinged).toHaveCount(1, { timeout: 20_000 });
    await pinged.getByText("Request and response").click();
    await expect(pinged.getByText(/Webhook-Id: evt_/)).toBeVisible();
    await expect(pinged.getByText("Response: HTTP 204")).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // Deleted by the program: gone for the API too.
    expect(await deleteWithProgram(calls, epaperId)).toEqual({ deleted: 204, after: 404, afterCode: "NotFound" });

    // Revoked in the drawer: the very next call is refused.
    await again.getByRole("button", { name: /Print workflow/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await expect(again.getByRole("list", { name: "API keys" }).getByText("Print workflow")).toHaveCount(0);
    expect((await client.get(`/api/v1/epapers/${epaperId}`, { headers: auth })).status()).toBe(401);
  } finally {
    await client.dispose();
    await program.close();
  }
});
