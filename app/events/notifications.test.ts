import i18next from "i18next";
import { describe, expect, test } from "vitest";
import de from "#app/locales/de";
import en from "#app/locales/en";
import { STUDIO_EVENT_TYPES, type StudioEvent } from "./catalogue.ts";
import { notificationDuring, notificationOf } from "./notifications.ts";
import { parseToast } from "#app/utils/toast";

/** One sample of every event of the catalogue (the `satisfies` keeps it complete). */
const SAMPLES = {
  renderProgress: { type: "renderProgress", epaperId: "e", pageCount: 3, pageCountReady: 1, downloadDone: true, splitDone: true },
  epaperProcess: { type: "epaperProcess", epaperId: "e", process: "rendering", state: "failed", name: "Spring 2026" },
  testPhaseExpired: { type: "testPhaseExpired", accountId: "a", removeAt: null },
  forcedLogout: { type: "forcedLogout" },
  accountDataChanged: { type: "accountDataChanged" },
  republishingChangesDetected: { type: "republishingChangesDetected", epaperId: "e" },
  previewLinkGenerated: { type: "previewLinkGenerated", epaperId: "e", name: "Spring 2026" },
  publishedToChannel: { type: "publishedToChannel", epaperId: "e", channelId: "c", name: "Spring 2026" },
  channelProcess: { type: "channelProcess", channelId: "c", process: "renew", state: "finished", name: "News" },
  channelRemoved: { type: "channelRemoved", channelId: "c", name: "News" },
  openPreview: { type: "openPreview", epaperId: "e", pageNumber: 4 },
  refreshEpaperList: { type: "refreshEpaperList" },
  zipContingentIncremented: { type: "zipContingentIncremented", zipContingent: 3 },
  zipContingentDecremented: { type: "zipContingentDecremented", zipContingent: 2 },
  maintenanceStarted: { type: "maintenanceStarted" },
  maintenanceEnded: { type: "maintenanceEnded" },
  serviceNotification: { type: "serviceNotification", level: "info", text: "Scheduled maintenance tonight at 22:00." },
  readingNow: { type: "readingNow", epaperId: "e", count: 3 },
} satisfies Record<StudioEvent["type"], StudioEvent>;

async function translator(language: "de" | "en") {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { de: { translation: de }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe("real-time notifications", () => {
  test("the catalogue lists every event once, and every event has a sample here", () => {
    expect(new Set(STUDIO_EVENT_TYPES).size).toBe(STUDIO_EVENT_TYPES.length);
    expect(Object.keys(SAMPLES).sort()).toEqual([...STUDIO_EVENT_TYPES].sort());
    for (const [type, sample] of Object.entries(SAMPLES)) expect(sample.type).toBe(type);
  });

  test.each(["de", "en"] as const)("every message exists in %s and names the ePaper or channel", async (language) => {
    const t = await translator(language);
    const processes = ["rendering", "publishing_preview", "publishing_zip", "publishing_previewlink", "publishing_channel"] as const;
    const states = ["started", "finished", "failed", "cancelled"] as const;
    const events: StudioEvent[] = [
      ...(Object.values(SAMPLES) as StudioEvent[]),
      ...processes.flatMap((process) => states.map((state) => ({ ...SAMPLES.epaperProcess, process, state }))),
      ...(["publishing", "create", "clear", "renew"] as const).flatMap((process) =>
        states.map((state) => ({ ...SAMPLES.channelProcess, process, state })),
      ),
    ];
    for (const event of events) {
      const toast = notificationOf(event);
      if (!toast) continue;
      expect(t.exists(toast.messageKey), `${language}: ${toast.messageKey}`).toBe(true);
      if (toast.action) {
        expect(t.exists(toast.action.labelKey), `${language}: ${toast.action.labelKey}`).toBe(true);
        expect(parseToast(toast)?.action).toEqual(toast.action);
      }
      const text = (t.t as (key: string, params: object) => string)(toast.messageKey, toast.params ?? {});
      if (toast.params && "name" in toast.params) expect(text).toContain(toast.params.name);
    }
  });

  test("what the spec asks for is said, with the right tone; what only refreshes is silent", () => {
    const process = (process: string, state: string) => notificationOf({ ...SAMPLES.epaperProcess, process, state } as StudioEvent);
    expect(process("rendering", "failed")).toMatchObject({ type: "error", messageKey: "notifications.renderFailed" });
    expect(process("rendering", "cancelled")).toMatchObject({ type: "info", messageKey: "notifications.renderCancelled" });
    expect(process("publishing_preview", "finished")).toMatchObject({ type: "success", messageKey: "notifications.previewDone" });
    // Finished work carries its action and stays until closed (issue 46).
    expect(process("publishing_zip", "finished")).toMatchObject({
      type: "success",
      messageKey: "notifications.zipDone",
      action: { labelKey: "notifications.actions.download", href: `/epaper/${SAMPLES.epaperProcess.epaperId}/zip`, download: true },
      durationMs: null,
    });
    expect(process("publishing_zip", "failed")).toMatchObject({ type: "error", messageKey: "notifications.publishFailed" });
    expect(process("rendering", "started")).toBeNull();
    expect(process("rendering", "finished")).toBeNull();
    for (const type of [
      "renderProgress",
      "openPreview",
      "refreshEpaperList",
      "forcedLogout",
      "zipContingentIncremented",
      "readingNow",
    ] as const)
      expect(notificationOf(SAMPLES[type])).toBeNull();
    expect(notificationOf(SAMPLES.serviceNotification)).toMatchObject({
      params: { text: SAMPLES.serviceNotification.text },
      durationMs: null,
    });
  });

  test("during maintenance a locked-out user hears only about the maintenance; staff hear everything", () => {
    for (const [type, sample] of Object.entries(SAMPLES) as [keyof typeof SAMPLES, StudioEvent][]) {
      const maintenance = type === "maintenanceStarted" || type === "maintenanceEnded";
      const key = notificationOf(sample)?.messageKey;
      expect(notificationDuring(sample, true)?.messageKey, type).toBe(maintenance ? key : undefined);
      expect(notificationDuring(sample, false)?.messageKey, type).toBe(key);
    }
    expect(notificationDuring(SAMPLES.serviceNotification, true)).toBeNull();
  });
});

test("a toast's action leads only to an address of the studio itself", () => {
  const toast = (href: string) =>
    parseToast({ messageKey: "notifications.zipDone", action: { labelKey: "notifications.actions.download", href } });
  expect(toast("/epaper/abc/zip")?.action?.href).toBe("/epaper/abc/zip");
  for (const foreign of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "javascript:alert(1)", "/a b"])
    expect(toast(foreign)).toBeNull();
});

test("an action the user may not take is left out, the notice stays with the usual time", () => {
  const zipDone = { ...SAMPLES.epaperProcess, process: "publishing_zip", state: "finished" } as StudioEvent;
  expect(notificationDuring(zipDone, false, (permission) => permission === "gettingZip")?.action?.labelKey).toBe(
    "notifications.actions.download",
  );
  const without = notificationDuring(zipDone, false, () => false);
  expect(without).toMatchObject({ messageKey: "notifications.zipDone" });
  expect(without?.action).toBeUndefined();
  expect(without?.durationMs).toBeUndefined();
});
