import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { type TourStep, useTour } from "#app/components/hooks/use-tour";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { SelectInput, TextInput } from "#app/components/ui/fields";
import { RenameDialog } from "#app/components/ui/rename-dialog";
import type { action as subdomainAction, loader as subdomainLoader } from "#app/routes/resources/subdomains";
import { subdomainNameSchemaFor, type SubdomainView } from "#app/rules/subdomain";

const ENDPOINT = "/resources/subdomains";

/** The subdomain tour (studio-admin.md §4 'Tours and news'): once per user, when the dialog opens. */
const SUBDOMAIN_TOUR: TourStep[] = [
  { target: "subdomain-new", title: "tours.subdomain.newTitle", text: "tours.subdomain.newText" },
  { target: "subdomain-list", title: "tours.subdomain.listTitle", text: "tours.subdomain.listText" },
];
const dialogElement = () =>
  document.querySelector<HTMLElement>('[data-tour="subdomain-new"]')?.closest<HTMLElement>('[role="dialog"]') ?? null;

/** The subdomain rule's message for a name, or null when it passes (shared with the server). */
function useNameError(allowLookalike: boolean) {
  const { t } = useTranslation();
  return (value: string) => {
    const parsed = subdomainNameSchemaFor({ allowLookalike }).safeParse(value);
    return parsed.success ? null : t(parsed.error.issues[0]?.message as never);
  };
}

/**
 * The subdomain management dialog (studio-admin.md §2; subdomainManagement; ADR 0041): the
 * account's subdomains with their address and channels; create one (the subdomain rule is
 * checked as the user types, uniqueness by the server), rename, delete, assign a channel and
 * remove it again. Every write is a POST the server checks; the list is fetched again after it.
 */
export function SubdomainDialog(props: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useFetcher<typeof subdomainLoader>();
  const write = useFetcher<typeof subdomainAction>();
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const { load } = list;
  useTour("subdomain-tour", SUBDOMAIN_TOUR, props.isOpen && list.data !== undefined, dialogElement);
  useEffect(() => {
    if (props.isOpen) void load(ENDPOINT);
  }, [props.isOpen, load]);
  // After each write the list is fetched again; a created name clears the field.
  useEffect(() => {
    if (write.state !== "idle" || !write.data) return;
    void load(ENDPOINT);
    if (write.data.ok) {
      setName("");
      setTouched(false);
    }
  }, [write.state, write.data, load]);
  const result = list.data && "subdomains" in list.data ? list.data : null;
  const nameError = useNameError(result?.allowLookalike ?? false);
  const submit = (values: Record<string, string>) => void write.submit(values, { method: "post", action: ENDPOINT });
  const error = touched ? nameError(name) : null;
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={t("subdomains.title")} maxWidth="720px">
      <div className="flex flex-col gap-4">
        {result ? (
          <p className="text-slate-700">
            {t(result.channelDomainLocal ? "subdomains.introLocal" : "subdomains.intro", { domain: result.channelDomain })}
          </p>
        ) : null}
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          data-tour="subdomain-new"
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (nameError(name)) return;
            submit({ intent: "create", name });
          }}
        >
          <div className="flex-1">
            <TextInput
              label={t("subdomains.newName")}
              value={name}
              onChange={(value) => {
                setName(value);
                setTouched(true);
              }}
              error={error}
              description={t("subdomains.nameHint")}
              name="name"
            />
          </div>
          <Button type="submit" className="sm:mt-6" isDisabled={write.state !== "idle"}>
            {t("subdomains.create")}
          </Button>
        </form>
        <div data-tour="subdomain-list">
          {!result ? (
            <p role="status">{t("subdomains.loading")}</p>
          ) : result.subdomains.length === 0 ? (
            <p>{t("subdomains.empty")}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t("subdomains.title")}>
              {result.subdomains.map((subdomain) => (
                <SubdomainItem
                  key={subdomain.id}
                  subdomain={subdomain}
                  channels={result.channels}
                  submit={submit}
                  busy={write.state !== "idle"}
                  allowLookalike={result.allowLookalike}
                />
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}

function SubdomainItem(props: {
  subdomain: SubdomainView;
  channels: { id: string; name: string }[];
  submit: (values: Record<string, string>) => void;
  busy: boolean;
  allowLookalike: boolean;
}) {
  const { t } = useTranslation();
  const nameError = useNameError(props.allowLookalike);
  const { subdomain } = props;
  const [open, setOpen] = useState<"rename" | "delete" | null>(null);
  const [channelId, setChannelId] = useState("");
  const assigned = new Set(subdomain.channels.map((channel) => channel.id));
  const options = props.channels.filter((channel) => !assigned.has(channel.id));
  return (
    <li className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-lg font-semibold break-all text-slate-900">{subdomain.name}</h3>
        <Button variant="secondary" onPress={() => setOpen("rename")} aria-label={t("subdomains.rename", { name: subdomain.name })}>
          {t("channel.menu.rename")}
        </Button>
        <Button variant="secondary" onPress={() => setOpen("delete")} aria-label={t("subdomains.delete", { name: subdomain.name })}>
          {t("subdomains.deleteConfirm")}
        </Button>
      </div>
      <p className="text-sm break-all">
        <span className="text-slate-600">{t("subdomains.address")}: </span>
        <a href={subdomain.address} target="_blank" rel="noreferrer" className="text-brand-700 underline">
          {subdomain.address}
        </a>
      </p>
      <div>
        <h4 className="text-sm font-semibold text-slate-800">{t("subdomains.channels")}</h4>
        {subdomain.channels.length === 0 ? (
          <p className="text-sm text-slate-600">{t("subdomains.noChannels")}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-2">
            {subdomain.channels.map((channel) => (
              <li key={channel.id} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm">
                {channel.name}
                <button
                  type="button"
                  className="inline-flex size-8 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  aria-label={t("subdomains.unassign", { channel: channel.name, name: subdomain.name })}
                  disabled={props.busy}
                  onClick={() => props.submit({ intent: "unassign", subdomainId: subdomain.id, channelId: channel.id })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {options.length ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <SelectInput
              id={`subdomain-assign-${subdomain.id}`}
              label={t("subdomains.assignLabel", { name: subdomain.name })}
              value={channelId}
              options={[{ value: "", label: t("subdomains.assignPlaceholder") }, ...options.map((o) => ({ value: o.id, label: o.name }))]}
              onChange={setChannelId}
            />
          </div>
          <Button
            variant="secondary"
            isDisabled={!channelId || props.busy}
            onPress={() => {
              props.submit({ intent: "assign", subdomainId: subdomain.id, channelId });
              setChannelId("");
            }}
          >
            {t("subdomains.assign")}
          </Button>
        </div>
      ) : null}
      <RenameDialog
        id={`subdomain-rename-${subdomain.id}`}
        isOpen={open === "rename"}
        onClose={() => setOpen(null)}
        initial={subdomain.name}
        labels={{
          title: t("subdomains.renameTitle"),
          label: t("subdomains.newName"),
          save: t("channel.rename.save"),
          cancel: t("subdomains.cancel"),
        }}
        errorOf={nameError}
        maxLength={63}
        onSave={(value) => {
          setOpen(null);
          props.submit({ intent: "rename", subdomainId: subdomain.id, name: value });
        }}
      />
      <ConfirmDialog
        isOpen={open === "delete"}
        onClose={() => setOpen(null)}
        title={t("subdomains.deleteTitle", { name: subdomain.name })}
        text={t("subdomains.deleteText")}
        confirm={t("subdomains.deleteConfirm")}
        cancel={t("subdomains.cancel")}
        onConfirm={() => {
          setOpen(null);
          props.submit({ intent: "delete", subdomainId: subdomain.id });
        }}
      />
    </li>
  );
}
