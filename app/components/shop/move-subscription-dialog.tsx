import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Dialog } from "#app/components/ui/dialog";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { GroupError, SelectInput } from "#app/components/ui/fields";
import type { ShopChannelRow, ShopMoveTarget } from "#app/rules/shop";
import { formatDate } from "#app/utils/format-date";

/**
 * Moving a channel subscription to another channel of the account (studio-admin.md §7
 * shop-channel update; issue 30). The user picks one of the channels without a subscription and
 * reads what happens before confirming: the subscription pays for that channel from now on, and
 * the channel it leaves takes over the removal date the chosen one had (ADR 0040).
 */
export function MoveSubscriptionDialog(props: {
  row: ShopChannelRow | null;
  targets: ShopMoveTarget[];
  onClose: () => void;
  onMove: (values: { subscriptionId: string; channelId: string }) => void;
}) {
  const { t } = useTranslation();
  const [channelId, setChannelId] = useState("");
  const [tried, setTried] = useState(false);
  const { row } = props;
  const close = () => {
    setChannelId("");
    setTried(false);
    props.onClose();
  };
  return (
    <Dialog isOpen={row !== null} onOpenChange={(open) => !open && close()} title={t("shopChannels.move.title")} maxWidth="560px">
      {row ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!channelId) return;
            props.onMove({ subscriptionId: row.subscriptionId, channelId });
            close();
          }}
        >
          <p className="text-slate-700">
            {row.channelName
              ? t("shopChannels.move.intro", { channel: row.channelName, subscription: row.subscriptionId })
              : t("shopChannels.move.introNoChannel", { subscription: row.subscriptionId })}
          </p>
          {props.targets.length === 0 ? (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">{t("shopChannels.move.noTargets")}</p>
          ) : (
            <>
              <SelectInput
                id={`move-subscription-${row.subscriptionId}`}
                label={t("shopChannels.move.target")}
                value={channelId}
                options={[
                  { value: "", label: t("shopChannels.move.choose") },
                  ...props.targets.map((target) => ({ value: target.id, label: target.name })),
                ]}
                onChange={(value) => {
                  setChannelId(value);
                  setTried(false);
                }}
              />
              <GroupError>{tried && !channelId ? t("shopChannels.errors.noChannel") : null}</GroupError>
              <MoveConsequence row={row} target={props.targets.find((target) => target.id === channelId) ?? null} />
            </>
          )}
          <DialogButtons
            confirm={t("shopChannels.move.confirm")}
            cancel={t("shopChannels.move.cancel")}
            onCancel={close}
            isDisabled={props.targets.length === 0}
          />
        </form>
      ) : null}
    </Dialog>
  );
}

/** What the move does to both channels, in words, once a target is chosen. */
function MoveConsequence({ row, target }: { row: ShopChannelRow; target: ShopMoveTarget | null }) {
  const { t, i18n } = useTranslation();
  if (!target) return null;
  const pays = t("shopChannels.move.pays", { target: target.name });
  const left = !row.channelName
    ? ""
    : target.removeAt
      ? t("shopChannels.move.leftRemoved", {
          channel: row.channelName,
          target: target.name,
          date: formatDate(target.removeAt, i18n.language),
        })
      : t("shopChannels.move.leftKept", { channel: row.channelName, target: target.name });
  return (
    <p role="status" className="text-slate-700">
      {left ? `${pays} ${left}` : pays}
    </p>
  );
}
