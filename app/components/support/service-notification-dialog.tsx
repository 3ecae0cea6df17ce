import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { Choice, TextInput } from "#app/components/ui/fields";
import {
  normalizeNotificationText,
  SERVICE_NOTIFICATION_LEVELS,
  SERVICE_NOTIFICATION_TEXT,
  type ServiceNotificationLevel,
  ServiceNotificationSchema,
} from "#app/rules/service-notification";

/*
 * The support page's service notification (studio-core.md §7; issue 30; ADR 0051): a button beside
 * the page's title opens a dialog in which support writes a short plain text and picks its kind.
 * 'Send to everyone' stays disabled until the text passes the shared rules (the server checks them
 * again); every signed-in studio tab then shows the message at once, until it is closed.
 */
export function ServiceNotificationButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {t("serviceNotification.open")}
      </Button>
      {open ? <ServiceNotificationDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ServiceNotificationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  // The support tab on screen: its action takes every support intent (support-actions.server.ts).
  const { pathname } = useLocation();
  const fetcher = useFetcher<{ ok?: boolean }>();
  const [text, setText] = useState("");
  const [level, setLevel] = useState<ServiceNotificationLevel>("info");
  const [touched, setTouched] = useState(false);
  const parsed = ServiceNotificationSchema.safeParse({ text, level });
  const error = touched && !parsed.success ? t(parsed.error.issues[0]?.message as never, SERVICE_NOTIFICATION_TEXT) : null;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const send = () => fetcher.submit({ intent: "sendServiceNotification", text, level }, { method: "POST", action: pathname });
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title={t("serviceNotification.title")} maxWidth="36rem">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t("serviceNotification.intro", SERVICE_NOTIFICATION_TEXT)}</p>
        <TextInput
          label={t("serviceNotification.text")}
          value={text}
          onChange={(value) => {
            setTouched(true);
            setText(value);
          }}
          error={error}
          description={t("serviceNotification.length", {
            used: normalizeNotificationText(text).length,
            max: SERVICE_NOTIFICATION_TEXT.max,
          })}
          multiline
          prose
          autoFocus
        />
        <Choice
          label={t("serviceNotification.level")}
          value={level}
          options={SERVICE_NOTIFICATION_LEVELS}
          labelOf={(value) => t(`serviceNotification.levels.${value}`)}
          onChange={setLevel}
        />
        <DialogButtons
          confirm={t("serviceNotification.send")}
          cancel={t("support.cancel")}
          onCancel={onClose}
          onConfirm={send}
          isDisabled={!parsed.success || fetcher.state !== "idle"}
        />
      </div>
    </Dialog>
  );
}
