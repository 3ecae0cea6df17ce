import { useId } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { CopyField } from "#app/components/ui/copy-button";
import { CopyableCodeField } from "#app/components/ui/copyable-code-field";
import { Dialog } from "#app/components/ui/dialog";
import { channelEmbedCode, embedBox } from "#app/rules/channel-embed";

/**
 * A channel's embed code (issue 32 item 5, ADR 0057): the responsive iframe of its permanent
 * address in a read-only field that takes the focus (screen readers hear its label and hint, the
 * code is selected for Ctrl+C), 'Copy code' with its outcome in a live region, and the address
 * itself for CMSs that embed from a link (oEmbed). An empty channel's frame shows 'not available'
 * until something is published: the dialog says so, the code stays the same.
 */
type EmbedProps = {
  channelName: string;
  /** The frame's title: the published ePaper's name (the channel's name when nothing is published). */
  frameTitle: string;
  /** The ePaper's page width / height: the frame takes its shape. */
  pageRatio: number | null;
  address: string;
  empty: boolean;
};

export function EmbedCodeDialog(props: EmbedProps & { isOpen: boolean; onClose: () => void }) {
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
export function EmbedCode(props: EmbedProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const code = channelEmbedCode({ address: props.address, title: props.frameTitle, ...embedBox(props.pageRatio) });
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
      <CopyableCodeField
        id={`${id}-code`}
        label={t("channel.embed.code")}
        value={code}
        describedBy={`${id}-intro`}
        testId="embed-code"
        texts={{ copy: t("channel.embed.copy"), copied: t("channel.embed.copied"), copyManually: t("channel.embed.copyManually") }}
      />
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
