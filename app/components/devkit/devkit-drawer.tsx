import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { href, useFetcher } from "react-router";
import type { loader as devkitLoader } from "#app/routes/resources/devkit";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { Drawer } from "#app/components/ui/drawer";
import { SelectInput, TextInput } from "#app/components/ui/fields";
import { formatDate } from "#app/utils/format-date";

/*
 * The developer kit (studio-admin.md §2 'Dev kit: tabs Service and Developer', drawer 85 %; issue
 * 14): Service — the migrations, Redis keys found and removed by pattern (with confirmation), a
 * test e-mail per language; Developer — force a chosen error on the admin's own session.
 */

type DevKitData = {
  forcedError: string | null;
  errorNames: readonly string[];
  defaultErrorName: string;
  migrations: { name: string; executedAt: string | null }[];
};
type KeysAnswer = { ok: true; keys?: string[]; complete?: boolean; removed?: number };

const DEVKIT = href("/resources/devkit");

export function DevKitDrawer(props: { isOpen: boolean; onClose: () => void; email: string; languages: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const loader = useFetcher<typeof devkitLoader>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load when it opens
  useEffect(() => {
    if (props.isOpen) loader.load(DEVKIT);
  }, [props.isOpen]);
  const state = loader.data && "migrations" in loader.data ? (loader.data as DevKitData) : null;
  return (
    <Drawer isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={t("devkit.title")} wide>
      {!state ? (
        <p aria-busy="true">{t("devkit.loading")}</p>
      ) : (
        <Tabs>
          <TabList aria-label={t("devkit.tabs.label")} className="mb-4 flex gap-1 border-b border-slate-200">
            {(["service", "developer"] as const).map((id) => (
              <Tab
                key={id}
                id={id}
                className="min-h-11 cursor-default rounded-t-lg px-3 py-2 text-sm font-semibold text-slate-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:text-brand-700 data-[selected]:shadow-[inset_0_-3px_0_var(--color-brand-600)]"
              >
                {t(`devkit.tabs.${id}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="service" className="flex flex-col gap-8 outline-none">
            <Migrations migrations={state.migrations} />
            <RedisKeys />
            <TestEmail email={props.email} languages={props.languages} />
          </TabPanel>
          <TabPanel id="developer" className="outline-none">
            <ForceError
              names={state.errorNames}
              preferred={state.defaultErrorName}
              forced={state.forcedError}
              onChanged={() => loader.load(DEVKIT)}
            />
          </TabPanel>
        </Tabs>
      )}
    </Drawer>
  );
}

function Migrations({ migrations }: { migrations: DevKitData["migrations"] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="devkit-migrations">
      <h3 id="devkit-migrations" className="mb-2 font-bold">
        {t("devkit.migrations.title")}
      </h3>
      <ul className="space-y-1 text-sm">
        {migrations.map((migration) => (
          <li key={migration.name} className="flex flex-wrap gap-x-3">
            <code className="break-all">{migration.name}</code>
            <span className="text-slate-600">
              {migration.executedAt ? formatDate(migration.executedAt, i18n.language) : t("devkit.migrations.pending")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RedisKeys() {
  const { t } = useTranslation();
  const [pattern, setPattern] = useState("");
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<KeysAnswer>();
  const keys = fetcher.data?.keys;
  return (
    <section aria-labelledby="devkit-redis" className="flex flex-col gap-3">
      <h3 id="devkit-redis" className="font-bold">
        {t("devkit.redis.title")}
      </h3>
      <TextInput label={t("devkit.redis.pattern")} value={pattern} onChange={setPattern} description={t("devkit.redis.patternHint")} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isDisabled={pattern.trim() === ""}
          onPress={() => fetcher.submit({ intent: "findKeys", pattern }, { method: "POST", action: DEVKIT })}
        >
          {t("devkit.redis.find")}
        </Button>
        <Button variant="secondary" isDisabled={pattern.trim() === ""} onPress={() => setConfirming(true)}>
          {t("devkit.redis.remove")}
        </Button>
      </div>
      {keys ? (
        <div role="status">
          <p className="text-sm font-semibold">{keys.length ? t("devkit.redis.found", { count: keys.length }) : t("devkit.redis.none")}</p>
          <ul className="max-h-60 overflow-auto font-mono text-xs">
            {keys.map((key) => (
              <li key={key}>{key}</li>
            ))}
          </ul>
          {fetcher.data?.complete === false ? <p className="text-sm">{t("devkit.redis.more")}</p> : null}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={t("devkit.redis.removeTitle", { pattern })}
        text={t("devkit.redis.removeText")}
        confirm={t("devkit.redis.remove")}
        cancel={t("preferences.cancel")}
        onConfirm={() => fetcher.submit({ intent: "removeKeys", pattern }, { method: "POST", action: DEVKIT })}
      />
    </section>
  );
}

function TestEmail({ email, languages }: { email: string; languages: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <section aria-labelledby="devkit-mail" className="flex flex-col gap-2">
      <h3 id="devkit-mail" className="font-bold">
        {t("devkit.testEmail.title")}
      </h3>
      <p className="text-sm">{t("devkit.testEmail.text", { email })}</p>
      <div className="flex flex-wrap gap-2">
        {languages.map((language) => (
          <Button
            key={language.code}
            variant="secondary"
            isDisabled={fetcher.state !== "idle"}
            onPress={() => fetcher.submit({ intent: "testEmail", lang: language.code }, { method: "POST", action: DEVKIT })}
          >
            {t("devkit.testEmail.send", { language: language.name })}
          </Button>
        ))}
      </div>
    </section>
  );
}

function ForceError({
  names,
  preferred,
  forced,
  onChanged,
}: {
  names: readonly string[];
  preferred: string;
  forced: string | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [name, setName] = useState(forced ?? preferred);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload the state after each answer
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onChanged();
  }, [fetcher.state, fetcher.data]);
  const submit = (errorName: string) => fetcher.submit({ intent: "forceError", errorName }, { method: "POST", action: DEVKIT });
  return (
    <section aria-labelledby="devkit-force" className="flex flex-col gap-3">
      <h3 id="devkit-force" className="font-bold">
        {t("devkit.forceError.title")}
      </h3>
      <p className="text-sm">{t("devkit.forceError.text")}</p>
      {forced ? (
        <p role="status" className="font-semibold text-red-800">
          {t("devkit.forceError.active", { name: forced })}
        </p>
      ) : null}
      <SelectInput
        id="devkit-error"
        label={t("devkit.forceError.label")}
        value={name}
        options={names.map((value) => ({ value, label: value }))}
        onChange={setName}
      />
      <div className="flex flex-wrap gap-2">
        <Button isPending={fetcher.state !== "idle"} onPress={() => submit(name)}>
          {t("devkit.forceError.start")}
        </Button>
        <Button variant="secondary" isDisabled={!forced} isPending={fetcher.state !== "idle"} onPress={() => submit("")}>
          {t("devkit.forceError.stop")}
        </Button>
      </div>
    </section>
  );
}
