import { useTranslation } from "#app/components/hooks/use-translation";
import type { ApiKeyView } from "#app/rules/api-keys";
import { bodyCell, headerCell, IntentButton, When } from "./support-controls.tsx";

/**
 * An account's API keys in the support drawer (issue 32, ADR 0056): name, prefix, scopes,
 * created, last used and when revoked; a live key can be revoked at once (audited).
 */
export function ApiKeysDetails({ keys }: { keys: ApiKeyView[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return <p className="text-slate-700">{t("apiKeys.none")}</p>;
  const columns = [
    t("apiKeys.name"),
    t("apiKeys.prefix"),
    t("apiKeys.scopes"),
    t("apiKeys.createdAt"),
    t("apiKeys.lastUsedAt"),
    t("apiKeys.support.revokedAt"),
    "",
  ];
  return (
    <section
      aria-label={t("apiKeys.title")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; keyboard users need to reach it
      tabIndex={0}
      className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{t("apiKeys.title")}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((label, index) => (
              <th key={label || index} scope="col" className={headerCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-t border-slate-100">
              <td className={bodyCell}>{key.name}</td>
              <td className={bodyCell}>
                <code className="text-xs">{key.prefix}…</code>
              </td>
              <td className={bodyCell}>{key.scopes.map((scope) => t(`apiKeys.scope.${scope}`)).join(", ")}</td>
              <td className={bodyCell}>
                <When date={key.createdAt} time />
              </td>
              <td className={bodyCell}>{key.lastUsedAt ? <When date={key.lastUsedAt} time /> : t("apiKeys.never")}</td>
              <td className={bodyCell}>{key.revokedAt ? <When date={key.revokedAt} time /> : t("support.none")}</td>
              <td className={bodyCell}>
                {key.revokedAt ? null : (
                  <IntentButton
                    intent="revokeApiKey"
                    fields={{ keyId: key.id }}
                    label={t("apiKeys.revokeLabel", { name: key.name })}
                    confirm={{
                      title: t("apiKeys.revokeTitle"),
                      text: t("apiKeys.revokeText", { name: key.name }),
                      confirm: t("apiKeys.revoke"),
                    }}
                  >
                    {t("apiKeys.revoke")}
                  </IntentButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
