import { createServer, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { verifyTimestamped } from "#app/utils/timestamped-signature.server";
import { closeE2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { uploadAndRender } from "./support/editor.ts";
import { openAccountDrawer } from "./support/account-drawer.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_WEBHOOK_RECEIVER_PORT } from "./support/slot.ts";

// Webhooks as a customer meets them (issue 32 item 4, ADR 0058): an endpoint added in the account
// drawer, pointing at a receiver of the customer's own (a local server the studio may reach in this
// run: serve.sh's OUTBOUND_ALLOW_PRIVATE), its signing secret shown once; a real event (a PDF
// uploaded and rendered) arrives there signed with that secret; the drawer's delivery log shows
// the delivery as delivered, and 'send again' sends it once more.

test.afterAll(closeE2eDb);

const LANGUAGES = {
  de: {
    locale: "de-DE",
    menu: /^Hauptmenü/,
    account: "Konto",
    title: "Webhooks",
    url: "Adresse des Endpunkts (https)",
    create: "Endpunkt hinzufügen",
    done: "Fertig",
    log: (url: string) => `Zustellprotokoll von ${url}`,
    logTitle: (url: string) => `Zustellungen an ${url}`,
    refresh: "Aktualisieren",
    sendAgain: /^ePaper gerendert vom .+ erneut senden$/,
    sentAgain: "Das Ereignis wird erneut gesendet.",
    manual: "erneut gesendet",
    attempts: "2 Versuche",
  },
} as const;

type Call = { path: string; headers: IncomingHttpHeaders; body: string };

/** The customer's receiver: answers 204 to every POST and keeps what came. */
async function startReceiver(port: number) {
  const calls: Call[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// On a phone, in German; the desktop, in English, is tests/e2e/api-journey.test.ts (the same log
// and 'send again' after the webhooks an outside program's ePaper causes).
for (const [code, project] of [["de", "phone"]] as const) {
  test.describe(`webhooks (${code})`, () => {
    test.use({ locale: LANGUAGES[code].locale });

    test("an endpoint added in the account drawer receives a signed event; the log shows it delivered, and 'send again' sends it once more", async ({
      page,
      context,
    }, testInfo) => {
      test.skip(testInfo.project.name !== project, `the ${project} project runs the ${code} journey`);
      const lang = LANGUAGES[code];
      await page.emulateMedia({ reducedMotion: "reduce" });
      const receiver = await startReceiver(E2E_WEBHOOK_RECEIVER_PORT);
      try {
        const user = await insertUserWithLevel("2", { user: { emailLanguage: code } });
        await logInAs(context, user);
        await page.goto("/epaper");
        let drawer = await openAccountDrawer(page, { ...lang, heading: lang.title });

        // The endpoint: every event is chosen by default.
        const url = `http://127.0.0.1:${E2E_WEBHOOK_RECEIVER_PORT}/hooks/${user.accountId}`;
        await drawer.getByLabel(lang.url, { exact: true }).fill(url);
        await drawer.getByRole("button", { name: lang.create }).click();
        const secretField = drawer.locator("#webhook-secret");
        await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
        const secret = await secretField.inputValue();
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
        await drawer.getByRole("button", { name: lang.done }).click();
        // Shown once: gone from the page; the list names the endpoint by its address.
        await expect(secretField).toHaveCount(0);
        await expect(drawer.getByRole("list", { name: lang.title }).getByText(url, { exact: true })).toBeVisible();
        expect(await page.content()).not.toContain(secret);

        // A real event: a PDF uploaded and rendered (the page is loaded again, which closes the drawer).
        const name = `Webhook ${project} ${Date.now()}`;
        const { epaperId } = await uploadAndRender(page, name, "pypdf__habibi.pdf");
        await expect.poll(() => receiver.calls.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
        const [first] = receiver.calls;
        expect(first?.path).toBe(`/hooks/${user.accountId}`);
        expect(first?.headers["content-type"]).toBe("application/json");
        expect(verifyTimestamped(secret, first?.body ?? "", (first?.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(
          true,
        );
        const event = JSON.parse(first?.body ?? "{}") as { id: string; type: string; data: Record<string, unknown> };
        expect(event).toMatchObject({ type: "epaper.rendered", data: { epaperId, name } });
        expect(first?.headers["webhook-id"]).toBe(event.id);

        // The delivery log in the drawer: delivered, with its attempt.
        drawer = await openAccountDrawer(page, { ...lang, heading: lang.title });
        await drawer.getByRole("button", { name: lang.log(url) }).click();
        const log = drawer.getByRole("region", { name: lang.logTitle(url) });
        const delivery = log.locator("li[data-state]").filter({ hasText: "epaper.rendered" });
        await expect(async () => {
          await log.getByRole("button", { name: lang.refresh }).click();
          await expect(delivery).toHaveAttribute("data-state", "delivered", { timeout: 3000 });
        }).toPass({ timeout: 30_000 });
        await expect(delivery.getByText("HTTP 204", { exact: true })).toBeVisible();
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

        // 'Send again': the same event once more, logged as sent again.
        await delivery.getByRole("button", { name: lang.sendAgain }).click();
        await expect(page.getByText(lang.sentAgain)).toBeVisible();
        await expect.poll(() => receiver.calls.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const again = receiver.calls[1];
        expect(again?.headers["webhook-id"]).toBe(event.id);
        expect(again?.body).toBe(first?.body);
        expect(verifyTimestamped(secret, again?.body ?? "", (again?.headers["epaper-signature"] as string | undefined) ?? null, 300)).toBe(
          true,
        );
        await expect(async () => {
          await log.getByRole("button", { name: lang.refresh }).click();
          await expect(delivery.getByText(lang.manual)).toBeVisible({ timeout: 3000 });
        }).toPass({ timeout: 30_000 });
        await expect(delivery.getByText(lang.attempts)).toBeVisible();
        await expect(delivery).toHaveAttribute("data-state", "delivered");
      } finally {
        await receiver.close();
      }
    });
  });
}
