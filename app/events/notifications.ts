import type { ToastInput } from "#app/utils/toast";
import type { EpaperProcessEvent, StudioEvent } from "./catalogue.ts";

/**
 * What each real-time event tells the user (studio-admin.md §4 "Real-time notifications"): a
 * toast in the page's language, or nothing where the event only refreshes what is on screen.
 * Pure, so a test can go through the whole catalogue; the switch is exhaustive, so a new event
 * cannot arrive without a decision here.
 *
 * Effects besides the message live with the screens they change: re-authentication in
 * StudioEventsProvider (REAUTHENTICATING_EVENTS), refreshes and 'open preview' in the workspace.
 */
export function notificationOf(event: StudioEvent): ToastInput | null {
  return messageOf(event);
}

/**
 * §4 Maintenance: 'global messages are suppressed in maintenance unless level 3 or 4'. A user the
 * maintenance screen locks out hears only about the maintenance itself (its end asks to reload).
 */
export function notificationDuring(
  event: StudioEvent,
  lockedOut: boolean,
  can: (permission: string) => boolean = () => true,
): ToastInput | null {
  if (lockedOut && event.type !== "maintenanceStarted" && event.type !== "maintenanceEnded") return null;
  const toast = messageOf(event);
  // An action the user may not take is left out (a download that would answer 403); the notice
  // stays, with the usual time.
  if (toast?.action && !can(ACTION_PERMISSION[toast.action.labelKey] ?? "")) {
    const { action: _, durationMs: __, ...rest } = toast;
    return rest;
  }
  return toast;
}

/** The permission each toast action needs (the page or download it leads to checks the same). */
const ACTION_PERMISSION: Record<string, string> = {
  "notifications.actions.download": "gettingZip",
  "notifications.actions.channels": "channelWorkspace",
};

function messageOf(event: StudioEvent): ToastInput | null {
  // The toast id makes a message show once, however many tabs or revalidations see the event.
  switch (event.type) {
    case "epaperProcess":
      return processNotification(event);
    case "previewLinkGenerated":
      return {
        id: `link-${event.epaperId}-${Date.now()}`,
        type: "success",
        messageKey: "notifications.previewLinkGenerated",
        params: named(event.name),
        // studio-admin.md §4: the generated preview link's message lasts 5 s.
        durationMs: 5000,
      };
    case "publishedToChannel":
      return {
        type: "success",
        messageKey: "notifications.publishedToChannel",
        params: named(event.name),
        action: { labelKey: "notifications.actions.channels", href: "/channel" },
        durationMs: null,
      };
    case "channelProcess":
      if (event.state === "started") return null;
      return {
        type: event.state === "failed" ? "error" : event.state === "cancelled" ? "info" : "success",
        messageKey: `notifications.channel.${event.process}.${event.state}`,
        params: named(event.name),
      };
    case "channelRemoved":
      return { type: "info", messageKey: "notifications.channelRemoved", params: named(event.name) };
    case "maintenanceStarted":
      return { type: "info", messageKey: "notifications.maintenanceStarted", durationMs: null };
    case "maintenanceEnded":
      return { type: "info", messageKey: "notifications.maintenanceEnded", durationMs: null };
    case "serviceNotification":
      return { type: event.level, messageKey: "notifications.service", params: { text: event.text }, durationMs: null };
    case "zipContingentIncremented":
    case "zipContingentDecremented":
    case "renderProgress":
    case "testPhaseExpired":
    case "forcedLogout":
    case "accountDataChanged":
    case "republishingChangesDetected":
    case "openPreview":
    case "refreshEpaperList":
    case "readingNow":
      // Shown by what they change: the header's contingent, the card's progress and badges, the
      // test-phase dialog, the login page, the preview itself, the grid, the statistics screen.
      return null;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The id prefix of the 'preview is ready' notice: the preview dialog closes it, since it would lie over the reader's toolbar. */
export const PREVIEW_DONE_TOAST = "preview-done-";

function named(name: string | undefined) {
  return { name: name ?? "" };
}

function processNotification(event: EpaperProcessEvent): ToastInput | null {
  const params = named(event.name);
  switch (event.process) {
    case "rendering":
      // A finished render shows on its card (and in the 'ePaper ready' mail); what went wrong is said.
      if (event.state === "failed") return { type: "error", messageKey: "notifications.renderFailed", params };
      if (event.state === "cancelled") return { type: "info", messageKey: "notifications.renderCancelled", params };
      return null;
    case "publishing_preview":
      // The preview opens itself when it is done; its dialog takes this notice away (PREVIEW_DONE_TOAST).
      if (event.state === "finished")
        return {
          id: `${PREVIEW_DONE_TOAST}${event.epaperId}-${Date.now()}`,
          type: "success",
          messageKey: "notifications.previewDone",
          params,
        };
      break;
    case "publishing_zip":
      // The notice of finished work carries its action and stays until it is closed (issue 46).
      if (event.state === "finished")
        return {
          type: "success",
          messageKey: "notifications.zipDone",
          params,
          action: { labelKey: "notifications.actions.download", href: `/epaper/${event.epaperId}/zip`, download: true },
          durationMs: null,
        };
      break;
    case "publishing_previewlink":
      if (event.state === "finished") return null; // previewLinkGenerated says it
      break;
    case "publishing_channel":
      if (event.state === "finished") return null; // publishedToChannel says it
      break;
    case "inserting_pages":
    case "moving_page":
    case "replacing_page":
    case "deleting_page":
      if (event.state === "started") return null;
      return {
        type: event.state === "failed" ? "error" : event.state === "cancelled" ? "info" : "success",
        messageKey: `notifications.pages.${event.state}`,
        params,
      };
  }
  if (event.state === "failed") return { type: "error", messageKey: "notifications.publishFailed", params };
  if (event.state === "cancelled") return { type: "info", messageKey: "notifications.publishCancelled", params };
  return null;
}
