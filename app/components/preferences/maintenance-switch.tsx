import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Checkbox } from "#app/components/ui/fields";
import { Switch } from "#app/components/ui/switch";

/**
 * The maintenance switch (studio-admin.md §4 'Maintenance'; issue 14): it turns on only after
 * the confirmation is ticked; it turns off at once. Every open browser hears the change.
 */
export function MaintenanceSwitch({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [confirmed, setConfirmed] = useState(false);
  const pending = fetcher.formData?.get("active");
  const isSelected = pending === "true" ? true : pending === "false" ? false : active;
  return (
    <section aria-labelledby="maintenance-title" className="mb-6 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <h3 id="maintenance-title" className="mb-2 font-bold">
        {t("preferences.maintenance.title")}
      </h3>
      <p className="mb-3 text-sm text-slate-800">{t("preferences.maintenance.text")}</p>
      {!active ? (
        <Checkbox isSelected={confirmed} onChange={setConfirmed}>
          {t("preferences.maintenance.confirm")}
        </Checkbox>
      ) : null}
      <Switch
        isSelected={isSelected}
        isDisabled={!active && !confirmed}
        onChange={(on) =>
          fetcher.submit({ intent: "setMaintenance", active: String(on), ...(confirmed ? { confirmed: "on" } : {}) }, { method: "POST" })
        }
      >
        {t("preferences.maintenance.switch")}
      </Switch>
    </section>
  );
}
