import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { copyFieldText } from "#app/components/ui/clipboard";
import { CopyField } from "#app/components/ui/copy-button";
import { Dialog } from "#app/components/ui/dialog";
import { channelEmbedCode } from "#app/rules/channel-embed";

/** How long 'copied' stays on screen. */
const COPIED_MS = 4000;

/**
 * A channel's embed code (issue 32 item 5, ADR 0057): the responsive iframe of its permanent
 * address in a read-only field that takes the focus (screen readers hear its label and hint, the
 * code is selected for Ctrl+C), 'Copy code' with its outcome in a live region, and the address
 * itself for CMSs that embed from a link (oEmbed). An empty channel's frame shows 'not available'
 * until something is published: the dialog says so, the code stays the same.
 */
export function EmbedCodeDialog(props: { isOpen: boolean; onClose: () => void; channelName: string; address: string; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("channel.embed.title", { name: props.channelName })}
      maxWidth="560px"
    >
      {/* Mounted with each opening (the overlay renders nothing while closed): focused on the code, no stale 'copied'. */}
      <EmbedCode {...props} />
    </Dialog>
  );
}

/** The dialog's content (exported for its server-render test). */
export function EmbedCode(props: { onClose: () => void; channelName: string; address: string; empty: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<"copied" | "manual" | null>(null);
  const code = channelEmbedCode({ address: props.address, title: props.channelName });
  useEffect(() => {
    field.current?.focus();
  }, []);
  useEffect(() => {
    if (status !== "copied") return;
    const timer = setTimeout(() => setStatus(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div className="flex flex-col gap-4">
      <p id={`${id}-intro`} className="text-sm text-slate-700">
        {t("channel.embed.intro")}
      </p>
      {props.empty ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="embed-empty">
          {t("channel.embed.empty")}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-code`} className="text-sm font-medium text-slate-800">
          {t("channel.embed.code")}
        </label>
        <textarea
          id={`${id}-code`}
          ref={field}
          readOnly
          rows={5}
          value={code}
          aria-describedby={`${id}-intro`}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all"
          data-testid="embed-code"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onPress={() => void copyFieldText(field.current, code).then(setStatus)}>
            {t("channel.embed.copy")}
          </Button>
          {/* Always in the page, so that screen readers announce what appears in it. */}
          <p role="status" className={`text-sm ${status === "manual" ? "text-amber-900" : "text-emerald-800"}`}>
            {status === "copied" ? t("channel.embed.copied") : status === "manual" ? t("channel.embed.copyManually") : ""}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">{t("channel.embed.oembed")}</p>
        <CopyField id={`${id}-address`} label={t("channel.embed.address")} value={props.address} />
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onPress={props.onClose}>
          {t("channel.embed.close")}
        </Button>
      </div>
    </div>
  );
}
