import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useRevalidator, href } from "react-router";
import { parseStudioEvent, REAUTHENTICATING_EVENTS, type StudioEvent } from "#app/events/catalogue";
import { notificationDuring } from "#app/events/notifications";
import { showToast } from "#app/components/hooks/toast-store";

/** studio-core.md §9: reconnect 500 ms after the connection is refused or lost. */
const RECONNECT_DELAY_MS = 500;
/**
 * Refused again and again (the database is away and the studio answers 503): each further try
 * waits twice as long, up to this, so a studio in an outage is not asked twice a second by every
 * open tab (ADR 0047). The first try after a refusal still comes after 500 ms.
 */
const RECONNECT_MAX_DELAY_MS = 15_000;
/** A connection that is down this long shows the loader overlay; shorter blips stay invisible. */
const OVERLAY_GRACE_MS = 1500;

type Listener = (event: StudioEvent) => void;
type StudioEvents = { subscribe: (listener: Listener) => () => void };

const StudioEventsContext = createContext<StudioEvents | null>(null);

/**
 * The browser end of /events (server-sent events) for every logged-in studio page: one
 * connection, the event's message as a toast (app/events/notifications.ts), re-authentication (revalidation; an ended session then goes to the login page) on
 * the catalogue's re-authenticating events and whenever the server refuses the stream, and the
 * loader overlay while the connection is down (studio-admin.md §2).
 */
export function StudioEventsProvider({
  children,
  lockedOut,
  permissions = [],
}: {
  children: ReactNode /** Maintenance shuts this user out: only its own messages show. */;
  lockedOut: boolean;
  /** The user's permissions: a toast's action is offered only where the user may take it. */
  permissions?: readonly string[];
}) {
  const quiet = useRef(lockedOut);
  quiet.current = lockedOut;
  const allowed = useRef(permissions);
  allowed.current = permissions;
  const listeners = useRef(new Set<Listener>());
  const [value] = useState<StudioEvents>(() => ({
    subscribe(listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));
  const [down, setDown] = useState(false);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    let source: EventSource | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let overlay: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const markDown = () => {
      overlay ??= setTimeout(() => setDown(true), OVERLAY_GRACE_MS);
    };
    let opened = false;
    let refusals = 0;
    const connect = () => {
      source = new EventSource(href("/events"));
      source.onopen = () => {
        refusals = 0;
        clearTimeout(overlay);
        overlay = undefined;
        setDown(false);
        // Events sent while the stream was down are not replayed: after a reconnect, fetch again.
        if (opened) void revalidate.current();
        opened = true;
      };
      source.onmessage = (message: MessageEvent<string>) => {
        const event = parseStudioEvent(message.data);
        if (!event) return;
        if (REAUTHENTICATING_EVENTS.includes(event.type)) void revalidate.current();
        const notification = notificationDuring(event, quiet.current, (permission) => allowed.current.includes(permission));
        if (notification) showToast(notification);
        for (const listener of listeners.current) listener(event);
      };
      source.onerror = () => {
        markDown();
        // A dropped stream reconnects by itself (retry: 500). A refused one (401: the session
        // ended, or the account changed) is closed: re-authenticate, then connect again.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        reconnect = setTimeout(
          () => {
            void revalidate.current();
            connect();
          },
          Math.min(RECONNECT_DELAY_MS * 2 ** refusals, RECONNECT_MAX_DELAY_MS),
        );
        refusals++;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(overlay);
      source?.close();
    };
  }, []);

  return (
    <StudioEventsContext.Provider value={value}>
      {children}
      {down ? <ConnectionOverlay /> : null}
    </StudioEventsContext.Provider>
  );
}

/** Calls `listener` for every studio event while the component is mounted. */
export function useStudioEvent(listener: Listener) {
  const events = useContext(StudioEventsContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => events?.subscribe((event) => latest.current(event)), [events]);
}

function ConnectionOverlay() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 backdrop-blur-[1px]" data-testid="connection-overlay">
      <div role="status" className="flex items-center gap-3 rounded-xl bg-white px-5 py-4 shadow-lg ring-1 ring-slate-200">
        <span
          aria-hidden="true"
          className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 motion-reduce:animate-none"
        />
        <span>{t("shell.reconnecting")}</span>
      </div>
    </div>
  );
}
