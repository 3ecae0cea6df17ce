import { useEffect, useRef } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Form, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button";

/** studio-core.md §9: token actions wait 2000 ms ('your request is checked') before they run. */
export const TOKEN_ACTION_DELAY_MS = 2000;

/**
 * The waiting state of a page whose link does something (token links, /try-it). Opening a link
 * must not change anything (mail scanners open links too, and GET never changes state here):
 * after the wait the page POSTs to its own action. Without JavaScript the button does the same.
 */
export function AutoSubmit({ delayMs, message }: { delayMs: number; message: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const sent = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (sent.current) return;
      sent.current = true;
      void submit(null, { method: "POST", replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [submit, delayMs]);
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 motion-reduce:animate-none"
      />
      <p role="status">{message}</p>
      <noscript>
        <Form method="POST">
          <Button type="submit">{t("auth.continue")}</Button>
        </Form>
      </noscript>
    </div>
  );
}

/** The token pages' wait: 'your request is checked' for TOKEN_ACTION_DELAY_MS, then the action. */
export function TokenCheck() {
  const { t } = useTranslation();
  return <AutoSubmit delayMs={TOKEN_ACTION_DELAY_MS} message={t("auth.checking")} />;
}
