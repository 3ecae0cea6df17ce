/**
 * The one catalogue of real-time events (architecture.md "Events (SSE)"), shared by the
 * processes that publish them on Redis and the browser that receives them over SSE.
 * Later features add their events here, never as ad-hoc strings.
 */
export type RenderProgressEvent = {
  type: "renderProgress";
  epaperId: string;
  pageCount: number;
  pageCountReady: number;
  downloadDone: boolean;
  splitDone: boolean;
};

export type EpaperProcessEvent = {
  type: "epaperProcess";
  epaperId: string;
  process: "rendering";
  state: "started" | "finished" | "failed" | "cancelled";
  /** Message key of the failure (see app/render/render-failure.ts). */
  error?: string;
};

export type StudioEvent = RenderProgressEvent | EpaperProcessEvent;

/** Redis pub/sub channel of an account: every studio instance relays it to its connected users. */
export const accountChannel = (accountId: string) => `events:account:${accountId}`;
