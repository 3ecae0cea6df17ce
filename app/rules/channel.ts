import { z } from "zod";

/**
 * Channels (studio-core.md §1, §3 Channel, §4 "Channel processes"; ADR 0039): the rules the
 * channel workspace, the ePaper card's channel selection and the server share.
 */

/** Channel name 1 to 20 characters, trimmed (studio-core.md §5). */
export const CHANNEL_NAME_MAX = 20;

export const channelNameSchema = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "channel.errors.nameRequired" })
      .max(CHANNEL_NAME_MAX, { error: "channel.errors.nameTooLong" })
      // The further name check (§5): no control characters, no angle brackets (it is shown in mails and pages).
      .regex(/^[^\p{Cc}<>]+$/u, { error: "channel.errors.nameInvalid" }),
  );

/** The channel's permanent address on the content origin: always its latest revision. */
export const channelAddress = (contentUrl: string, shortPath: string) => `${contentUrl}/c/${shortPath}/`;

/** A short path: 10 lowercase letters and digits (about 51 bits); a renew makes a new one. */
export const SHORT_PATH = /^[a-z0-9]{10}$/;

export type ChannelProcessState = {
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
};

/** A channel with a running, uncancelled process cannot be chosen or changed (studio-admin.md §4 "Channel"). */
export const isChannelBusy = (channel: ChannelProcessState) => channel.processRunning && !channel.processCancelled;

export type ChannelStatusInput = {
  available: boolean;
  disabled: boolean;
  publishedAt: Date | null;
  epaperChangesAt: Date | null;
  removeAt: Date | null;
  currentTermEndsAt: Date | null;
};

export type ChannelStatus =
  | { key: "notAvailable" }
  | { key: "republishRequired" }
  | { key: "disabled" }
  | { key: "activeUntil"; date: Date }
  | { key: "active" }
  | { key: "empty" };

/**
 * The status text by the spec's priority (studio-core.md §4): not available; republishing
 * required (the ePaper changed after the channel's publishedAt); disabled by support; 'active
 * until' (the removal date, else the subscription's term). A channel without an ePaper is empty.
 */
export function channelStatus(channel: ChannelStatusInput): ChannelStatus {
  if (!channel.available) return { key: "notAvailable" };
  if (channel.publishedAt && channel.epaperChangesAt && channel.epaperChangesAt > channel.publishedAt) return { key: "republishRequired" };
  if (channel.disabled) return { key: "disabled" };
  const until = channel.removeAt ?? channel.currentTermEndsAt;
  if (until) return { key: "activeUntil", date: until };
  return channel.publishedAt ? { key: "active" } : { key: "empty" };
}

/** Channel cards per page of the workspace. */
export const CHANNEL_PAGE_SIZE = 20;

/** A channel of the workspace, as its card shows it. */
export type ChannelCard = {
  id: string;
  name: string;
  shortPath: string;
  isDemo: boolean;
  disabled: boolean;
  epaper: { id: string; name: string; hasCover: boolean; publishedName: string | null; pageRatio: number | null } | null;
  status: { key: string; date?: string };
  process: { running: boolean; cancelled: boolean; error: string | null };
  reviewed: boolean;
  subdomain: string | null;
};
