import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "#app/auth/client-ip";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { db } from "#app/utils/db.server";
import { insertPublishedPreviewLink } from "#tests/support/preview-link";
import { action } from "./verify-publication-access.ts";

// POST /verify-publication-access/:type/:hash/ (studio-core.md §7): 200 with the address as the
// body, 404 for anything that is not a live link with that password, 400 for a body that is not
// {password}. The rules behind it: app/publish/preview-link-access.server.test.ts.

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "verify-access-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await db.destroy();
});

let ip = 0;
async function call(type: string, hash: string, body: unknown) {
  const request = new Request(`http://studio.test/verify-publication-access/${type}/${hash}/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: `10.9.0.${++ip}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return (await action({ request, params: { sharingType: type, sharingHash: hash }, context: {} } as never)) as Response;
}

test("answers the address, 404 or 400 as the spec says", async () => {
  const link = await insertPublishedPreviewLink(db, new FolderBlobStore(dataDir), { expiredAt: new Date(Date.now() + 3600_000) });
  const right = await call("previewlink", link.hash, { password: link.password });
  expect(right.status).toBe(200);
  expect(right.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await right.text()).toMatch(new RegExp(`/previewlink/${link.hash}/unlock\\?token=`));
  expect((await call("previewlink", link.hash, { password: "WrongPassword123" })).status).toBe(404);
  expect((await call("zip", link.hash, { password: link.password })).status).toBe(404);
  expect((await call("previewlink", link.hash, "not json")).status).toBe(400);
  expect((await call("previewlink", link.hash, { pass: link.password })).status).toBe(400);
});
