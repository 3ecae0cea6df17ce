import { createReadStream, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { type APIRequestContext, type APIResponse, expect, request, test } from "@playwright/test";
import { verifyTimestamped } from "#app/utils/timestamped-signature.server";
import { CORPUS } from "../support/corpus.ts";
import { documentProblems, templateOf } from "../support/openapi-check.ts";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openAccountDrawer } from "./support/account-drawer.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_API_CLIENT_PORT, E2E_BASE_URL } from "./support/slot.ts";

// Issue 32 "done means", as an outside program meets the studio: a key (read, write, publish) and
// a webhook endpoint made in the account drawer; then, with no cookie of the studio, the program
// imports a PDF from its own server and uploads another, makes an ePaper (an Idempotency-Key
// retry answers the same one), polls until it is rendered, fetches a page image, publishes a zip,
// receives the webhooks signed with the endpoint's secret and downloads the zip. The drawer's
// delivery log shows the webhooks delivered and sends one again (the phone's German run of that
// log: webhooks.test.ts); the key, revoked in the drawer, is refused at once. Everything is real:
// render node, worker, S3-compatible store, webhooks through the SSRF-safe fetch. Desktop only:
// an outside program has no screen size. Every answer it receives is checked against the OpenAPI
// document.

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

/** The outside program's calls, each answer checked against the OpenAPI document as it arrives. */
function documented(context: APIRequestContext) {
  const check = async (method: string, response: APIResponse) => {
    const { pathname } = new URL(response.url());
    const template = templateOf(pathname);
    expect(template, `${pathname} is not in the document`).not.toBeNull();
    const contentType = (response.headers()["content-type"] ?? "").split(";")[0] ?? "";
    const text = contentType.endsWith("json") ? await response.text() : "";
    const answer = {
      status: response.status(),
      contentType,
      setCookie: response.headers()["set-cookie"] ?? null,
      body: text ? JSON.parse(text) : undefined,
    };
    expect(documentProblems(template ?? "", method, answer)).toEqual([]);
    return response;
  };
  return {
    get: async (path: string, options?: Parameters<APIRequestContext["get"]>[1]) => check("get", await context.get(path, options)),
    post: async (path: string, options?: Parameters<APIRequestContext["post"]>[1]) => check("post", await context.post(path, options)),
  };
}

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
  const outside = documented(client);
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

    const auth = { Authorization: `Bearer ${token}` };
    // Import from the program's own server (allowed in this run, as a public address would be).
    const imported = await outside.post("/api/v1/uploads", {
      headers: auth,
      data: { url: `http://127.0.0.1:${E2E_API_CLIENT_PORT}/catalogue.pdf` },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    const upload = (await imported.json()) as { id: string; fileName: string; pageCount: number };
    expect(upload).toMatchObject({ fileName: "catalogue.pdf" });
    expect(upload.pageCount).toBeGreaterThan(0);
    // An address the studio may not fetch (a private one not allowed): refused, translated.
    const refused = await outside.post("/api/v1/uploads", {
      headers: { ...auth, "Accept-Language": "de" },
      data: { url: "http://127.0.0.1:9/secret.pdf" },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "Unprocessable", detail: expect.stringContaining("öffentlichen Internet") });
    // A multipart upload works the same; its retry with the same Idempotency-Key and file answers
    // the same upload, the key with another file is refused.
    const send = (file: string, key: string) =>
      outside.post("/api/v1/uploads", {
        headers: { ...auth, "Idempotency-Key": key },
        multipart: { file: { name: "direct.pdf", mimeType: "application/pdf", buffer: readFileSync(path.join(CORPUS, file)) } },
      });
    const multipart = await send(FILE, "direct-1");
    expect(multipart.status()).toBe(201);
    const direct = (await multipart.json()) as { id: string };
    expect(direct).toMatchObject({ fileName: "direct.pdf", pageCount: upload.pageCount });
    const repeated = await send(FILE, "direct-1");
    expect(repeated.headers()["idempotent-replayed"]).toBe("true");
    expect(((await repeated.json()) as { id: string }).id).toBe(direct.id);
    expect((await send(OTHER_FILE, "direct-1")).status()).toBe(422);
    // The repeats left nothing behind: the import and the first direct upload are all there is.
    const uploads = await e2eDb().selectFrom("upload").select("id").where("accountId", "=", user.accountId).execute();
    expect(uploads.map((row) => row.id).sort()).toEqual([upload.id, direct.id].sort());

    // Create with an Idempotency-Key; the retry answers the same ePaper.
    const create = { uploadId: upload.id, name: "Autumn catalogue", languageCode: "en" };
    const idempotency = { ...auth, "Idempotency-Key": `create-${upload.id}` };
    const created = await outside.post("/api/v1/epapers", { headers: idempotency, data: create });
    expect(created.status()).toBe(201);
    const epaper = (await created.json()) as { id: string };
    const retried = await outside.post("/api/v1/epapers", { headers: idempotency, data: create });
    expect(retried.status()).toBe(201);
    expect(retried.headers()["idempotent-replayed"]).toBe("true");
    expect(((await retried.json()) as { id: string }).id).toBe(epaper.id);

    // Poll until rendered, then fetch a page image by the address the ePaper names.
    type Detail = { isRendered: boolean; process: { running: boolean }; pages: { thumbnail: { url: string } | null }[] };
    let detail: Detail | null = null;
    await expect
      .poll(
        async () => {
          detail = (await (await outside.get(`/api/v1/epapers/${epaper.id}`, { headers: auth })).json()) as Detail;
          return detail.isRendered && !detail.process.running;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe(true);
    const thumbnail = (detail as Detail | null)?.pages[0]?.thumbnail?.url ?? "";
    const image = await outside.get(new URL(thumbnail).pathname + new URL(thumbnail).search, { headers: auth });
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");

    // Publish a zip (it takes the account's one unit: confirmed), and hear when it is ready.
    const publish = await outside.post(`/api/v1/epapers/${epaper.id}/publications`, {
      headers: auth,
      data: { type: "zip", confirmCharge: true },
    });
    expect(publish.status(), await publish.text()).toBe(202);
    type Hook = { id: string; type: string; data: Record<string, unknown> };
    const received = () => program.hooks.map((hook) => JSON.parse(hook.body) as Hook);
    await expect
      .poll(() => received().find((hook) => hook.type === "publication.ready")?.data, { timeout: 120_000 })
      .toMatchObject({ epaperId: epaper.id });
    expect(received().find((hook) => hook.type === "epaper.rendered")?.data).toMatchObject({
      epaperId: epaper.id,
      name: "Autumn catalogue",
    });
    for (const hook of program.hooks) {
      expect(verifyTimestamped(secret, hook.body, (hook.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(true);
      // Signed with this endpoint's secret only.
      expect(verifyTimestamped(`${secret}x`, hook.body, (hook.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(false);
    }

    // Download the zip with the key.
    const zip = await outside.get(`/api/v1/epapers/${epaper.id}/zip`, { headers: auth });
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-type"]).toBe("application/zip");
    expect((await zip.body()).subarray(0, 2).toString("latin1")).toBe("PK");

    // The drawer's delivery log: both delivered; 'send again' sends the render's event once more.
    await page.reload();
    const again = await openAccountDrawer(page, DRAWER);
    await again.getByRole("button", { name: `Delivery log of ${hookUrl}` }).click();
    const log = again.getByRole("region", { name: `Deliveries to ${hookUrl}` });
    const rendered = log.locator("li[data-state]").filter({ hasText: "epaper.rendered" });
    await expect(log.locator("li[data-state='delivered']")).toHaveCount(2);
    await expect(rendered.getByText("HTTP 204")).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    const before = program.hooks.length;
    await rendered.getByRole("button", { name: /^Send again: ePaper rendered of .+$/ }).click();
    await expect(page.getByText("The event is being sent again.")).toBeVisible();
    await expect.poll(() => program.hooks.length, { timeout: 30_000 }).toBe(before + 1);
    const resent = program.hooks[before];
    expect(JSON.parse(resent?.body ?? "{}")).toMatchObject({ type: "epaper.rendered", data: { epaperId: epaper.id } });
    expect(verifyTimestamped(secret, resent?.body ?? "", (resent?.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(
      true,
    );
    await expect(async () => {
      await log.getByRole("button", { name: "Refresh" }).click();
      await expect(rendered.getByText("sent again")).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });

    // Revoked in the drawer: the very next call is refused.
    await again.getByRole("button", { name: /Print workflow/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await expect(again.getByRole("list", { name: "API keys" }).getByText("Print workflow")).toHaveCount(0);
    expect((await outside.get(`/api/v1/epapers/${epaper.id}`, { headers: auth })).status()).toBe(401);
  } finally {
    await client.dispose();
    await program.close();
  }
});
