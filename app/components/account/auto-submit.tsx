import { useEffect, useRef } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useSubmit } from "react-router";
import { Button } from "#app/components/ui/button";
import { useNonce } from "#app/components/nonce";

/** Marks the page as sent and sends the script's own form as a document POST (`submit()` fires no submit event, so React Router never takes it over). */
const SUBMIT_ON_ARRIVAL = "window.__submittedOnArrival = true; HTMLFormElement.prototype.submit.call(document.currentScript.parentElement)";
type ArrivalWindow = Window & { __submittedOnArrival?: boolean };

/**
 * A page that does its work at once (/try-it, the embedded widget's hand-over, token links): opening it changes nothing and the page POSTs to its own action, but as a document POST sent by
 * an inline script while the page is still parsing. The browser neither waits for the page's
 * modules nor hydrates it, and the action's redirect arrives as the next page's server-rendered
 * HTML instead of a client navigation that first fetches that route's modules and data (issue 29:
 * /try-it's largest paint came 4.4 s after the request on a mobile network). Without JavaScript
 * the button does the same. A script React renders in the browser (after a client navigation to
 * the page) never runs: then the effect posts with React Router, replacing the history entry.
 * The script's mark is taken once, so a page React had to render again after a
 * hydration mismatch does not post a second time (a second try-it account, or a used token).
 * Reloading the page a refused POST answered (429) asks to send the form again, as any POST's does.
 */
export function SubmitOnArrival({ message }: { message: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const submit = useSubmit();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const arrival = window as ArrivalWindow;
    if (arrival.__submittedOnArrival) {
      arrival.__submittedOnArrival = false;
      return;
    }
    void submit(null, { method: "POST", replace: true });
  }, [submit]);
  return (
    <form method="POST" className="flex flex-col items-center gap-4 text-center">
      <Waiting message={message} />
      <noscript>
        <Button type="submit">{t("auth.continue")}</Button>
      </noscript>
      <script nonce={nonce} suppressHydrationWarning>
        {SUBMIT_ON_ARRIVAL}
      </script>
    </form>
  );
}

/** The spinner and the status line of a page that is about to post. */
function Waiting({ message }: { message: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 motion-reduce:animate-none"
      />
      <p role="status">{message}</p>
    </>
  );
}

/**
 * The token pages: 'your registration is being confirmed …' while the page posts at once. The spec's
 * forced 2 s wait (studio-core.md §9) is gone (ADR 0063): opening a link never changes anything
 * because the change is a POST, and a wait protects from nothing a scanner does while it makes every
 * newcomer stare at a spinner. Links that delete ask for a press instead (auth-token.tsx).
 */
export function TokenCheck({ message }: { message: string }) {
  return <SubmitOnArrival message={message} />;
}
