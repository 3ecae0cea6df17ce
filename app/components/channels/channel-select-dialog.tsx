import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Radio, RadioGroup, Label } from "react-aria-components";
import { href, Link, useFetcher } from "react-router";
import { shopPath } from "#app/rules/shell-menu";
import { Button } from "#app/components/ui/button";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { NoTocNote } from "#app/components/workspace/no-toc-note";
import { Dialog } from "#app/components/ui/dialog";

type Choice = { id: string; name: string; epaperName: string | null; choosable: boolean; busy: boolean };

/**
 * 'Publish to channel' from the ePaper card (studio-core.md §2, 550 px): the account's channels,
 * those with a running process not choosable; publishing replaces what a channel showed. Without a
 * choosable channel: 'no channels available' with 'to order'.
 */
export function ChannelSelectDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  epaperId: string;
  canOrder: boolean;
  tocShown: boolean;
}) {
  const { t } = useTranslation();
  const choices = useFetcher<{ channels?: Choice[] }>();
  const publish = useFetcher<{ ok: boolean }>();
  const [channelId, setChannelId] = useState<string | null>(null);
  const { load } = choices;
  useEffect(() => {
    if (props.isOpen) void load(href("/resources/channels"));
  }, [props.isOpen, load]);
  useEffect(() => {
    if (publish.state === "idle" && publish.data?.ok) props.onClose();
  }, [publish.state, publish.data, props.onClose]);
  const channels = choices.data?.channels;
  const none = channels !== undefined && !channels.some((channel) => channel.choosable);
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      title={none ? t("channel.select.noChannels") : t("channel.select.title")}
      maxWidth="550px"
    >
      {channels === undefined ? (
        <div className="h-24 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
      ) : none ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{t("channel.select.noChannelsText")}</p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={props.onClose}>
              {t("channel.select.cancel")}
            </Button>
            {props.canOrder ? (
              <Link
                to={shopPath("channel")}
                className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                {t("channel.select.toOrder")}
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!channelId) return;
            void publish.submit(
              { intent: "publishChannel", channelId },
              { method: "POST", action: href("/epaper/:epaperId/action", { epaperId: props.epaperId }) },
            );
          }}
        >
          <p className="text-sm text-slate-700">{t("channel.select.text")}</p>
          <RadioGroup value={channelId} onChange={setChannelId} className="flex flex-col gap-2">
            <Label className="text-sm font-medium text-slate-800">{t("channel.select.channels")}</Label>
            <div className="flex max-h-[50vh] flex-col gap-2 overflow-y-auto">
              {channels.map((channel) => (
                <Radio
                  key={channel.id}
                  value={channel.id}
                  isDisabled={!channel.choosable}
                  className="flex min-h-11 cursor-default items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 data-[disabled]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:bg-brand-50 data-[selected]:ring-brand-600"
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={`size-4 shrink-0 rounded-full ring-2 ${isSelected ? "bg-brand-600 ring-brand-600" : "ring-slate-400"}`}
                      />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-medium">{channel.name}</span>
                        <span className="truncate text-xs text-slate-600">
                          {channel.busy
                            ? t("channel.select.busy")
                            : channel.epaperName
                              ? t("channel.select.holds", { name: channel.epaperName })
                              : t("channel.select.free")}
                        </span>
                      </span>
                    </>
                  )}
                </Radio>
              ))}
            </div>
          </RadioGroup>
          <NoTocNote tocShown={props.tocShown} />
          <DialogButtons
            confirm={t("channel.select.publish")}
            cancel={t("channel.select.cancel")}
            onCancel={props.onClose}
            isDisabled={!channelId || publish.state !== "idle"}
          />
        </form>
      )}
    </Dialog>
  );
}
