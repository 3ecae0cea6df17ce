import { readableControls } from "@ep/publisher/src/contrast.ts";
import { useId } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { Button } from "#app/components/ui/button";
import { Checkbox, Choice, fileInputClassName, NumberInput, SelectInput, TextInput } from "#app/components/ui/fields";
import {
  ROBOTS_OPTIONS,
  SETTINGS_IMAGE_ACCEPT,
  SETTINGS_LIMITS,
  SHARE_FLAGS,
  type SettingsField,
  ZIP_STATISTICS_TARGETS,
} from "#app/rules/epaper-settings";
import type { EpaperSettingsState } from "./use-epaper-settings.ts";

/*
 * The five tabs of the ePaper settings dialog (studio-admin.md §2): each field edits the draft and
 * saves when it is left (texts) or at once (switches, choices), through useEpaperSettings.
 */

type TabProps = { state: EpaperSettingsState & { draft: NonNullable<EpaperSettingsState["draft"]> }; editable: boolean };
type TextField = { [K in SettingsField]: TabProps["state"]["draft"][K] extends string | null ? K : never }[SettingsField];
type NumberField = { [K in SettingsField]: TabProps["state"]["draft"][K] extends number | null ? K : never }[SettingsField];
type FlagField = { [K in SettingsField]: TabProps["state"]["draft"][K] extends boolean ? K : never }[SettingsField];

function useBinders({ state, editable }: TabProps) {
  const { t } = useTranslation();
  const error = (field: SettingsField) => {
    const problem = state.problemOf(field);
    return problem ? t(`settings.validation.${problem.key}` as "settings.validation.colorNotValid", problem.params) : null;
  };
  return {
    text: (
      field: TextField,
      label: string,
      extra: { multiline?: boolean; prose?: boolean; placeholder?: string; description?: string } = {},
    ) => ({
      label,
      value: state.draft[field] ?? "",
      onChange: (value: string) => state.change({ [field]: value }),
      onBlur: () => state.commit([field]),
      error: error(field),
      isDisabled: !editable,
      ...extra,
    }),
    number: (field: NumberField, label: string) => ({
      label,
      value: state.draft[field],
      onChange: (value: number | null) => state.change({ [field]: value }),
      onBlur: () => state.commit([field]),
      error: error(field),
      isDisabled: !editable,
    }),
    flag: (field: FlagField) => ({
      isSelected: state.draft[field],
      onChange: (value: boolean) => state.commit([field], { [field]: value }),
      isDisabled: !editable,
    }),
  };
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
    <legend className="px-1 text-base font-semibold">{title}</legend>
    {children}
  </fieldset>
);

export function GeneralTab(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  const { draft } = props.state;
  const description = draft.seoMetaTagDescription ?? "";
  return (
    <div className="flex flex-col gap-4">
      <Section title={t("settings.general.cookieBanner")}>
        <Checkbox {...bind.flag("cookieBannerActive")}>{t("settings.general.cookieBannerActive")}</Checkbox>
        <TextInput {...bind.text("cookieBannerButton", t("settings.general.cookieBannerButton"))} />
        <TextInput {...bind.text("cookieBannerText", t("settings.general.cookieBannerText"), { multiline: true, prose: true })} />
      </Section>
      <Section title={t("settings.general.seo")}>
        <TextInput {...bind.text("seoMetaTagAuthor", t("settings.general.seoMetaTagAuthor"))} />
        <TextInput {...bind.text("seoMetaTagKeywords", t("settings.general.seoMetaTagKeywords"))} />
        <TextInput
          {...bind.text("seoMetaTagDescription", t("settings.general.seoMetaTagDescription"), {
            multiline: true,
            prose: true,
            description:
              description.length > SETTINGS_LIMITS.seoDescriptionAdvice
                ? t("settings.general.descriptionAdvice", { max: SETTINGS_LIMITS.seoDescriptionAdvice, count: description.length })
                : undefined,
          })}
        />
        <SelectInput
          id={useId()}
          label={t("settings.general.seoMetaTagRobots")}
          value={draft.seoMetaTagRobots}
          options={ROBOTS_OPTIONS.map((value) => ({ value, label: t(`settings.general.robots.${value}`) }))}
          onChange={(value) => props.state.commit(["seoMetaTagRobots"], { seoMetaTagRobots: value as (typeof ROBOTS_OPTIONS)[number] })}
        />
      </Section>
    </div>
  );
}

function ImageField(props: TabProps & { kind: "background" | "logo"; label: string; maxKb: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const image = props.kind === "background" ? props.state.view?.backgroundImage : props.state.view?.logoImage;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-800">{props.label}</p>
      {image ? (
        <img
          src={href("/media/:mediaId", { mediaId: image.id })}
          alt={t("settings.images.alt", { name: image.name })}
          className="max-h-32 w-auto max-w-full self-start rounded border border-slate-300"
        />
      ) : (
        <p className="text-sm text-slate-600">{t("settings.images.none")}</p>
      )}
      {props.editable ? (
        <>
          <label htmlFor={inputId} className="text-sm">
            {t("settings.images.upload", { size: props.maxKb })}
          </label>
          <input
            id={inputId}
            type="file"
            accept={SETTINGS_IMAGE_ACCEPT}
            className={fileInputClassName}
            onChange={(event) => {
              props.state.upload(props.kind, event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          {image ? (
            <Button variant="secondary" className="self-start" onPress={() => props.state.removeImage(props.kind)}>
              {t("settings.images.remove")}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function AppearanceTab(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  const { draft, view } = props.state;
  const defaults = view?.defaults;
  const interfaceColor = draft.interfaceBackgroundColor ?? defaults?.interfaceBackgroundColor ?? "#ffffff";
  // The reader switches controls that would be unreadable; the form says so with the same rule.
  const controls = readableControls(interfaceColor, draft.darkControlsActive);
  const variant = (dark: boolean) => t(dark ? "settings.appearance.dark" : "settings.appearance.light");
  return (
    <div className="flex flex-col gap-4">
      <Section title={t("settings.tabs.appearance")}>
        <TextInput
          {...bind.text("interfaceBackgroundColor", t("settings.appearance.interfaceBackgroundColor"), {
            placeholder: t("settings.appearance.colorPlaceholder", { color: defaults?.interfaceBackgroundColor ?? "#ffffff" }),
          })}
        />
        <Checkbox {...bind.flag("darkControlsActive")}>{t("settings.appearance.darkControlsActive")}</Checkbox>
        {controls.switched ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t("settings.appearance.switched", { chosen: variant(draft.darkControlsActive), shown: variant(controls.dark) })}
          </p>
        ) : null}
      </Section>
      <Section title={t("settings.appearance.background")}>
        <Choice
          label={t("settings.appearance.background")}
          value={draft.background ? "image" : "color"}
          options={["color", "image"] as const}
          labelOf={(value) => t(`settings.appearance.backgroundKinds.${value}`)}
          onChange={(value) => props.state.commit(["background"], { background: value === "image" })}
          isDisabled={() => !props.editable}
        />
        {draft.background ? (
          <ImageField {...props} kind="background" label={t("settings.appearance.backgroundImage")} maxKb={SETTINGS_LIMITS.backgroundKb} />
        ) : (
          <TextInput
            {...bind.text("backgroundColor", t("settings.appearance.backgroundColor"), {
              placeholder: t("settings.appearance.colorPlaceholder", { color: defaults?.backgroundColor ?? "#f2f2f2" }),
            })}
          />
        )}
      </Section>
      <Section title={t("settings.appearance.logo")}>
        <ImageField {...props} kind="logo" label={t("settings.appearance.logo")} maxKb={SETTINGS_LIMITS.logoKb} />
        <TextInput {...bind.text("logoImageLink", t("settings.appearance.logoImageLink"), { placeholder: "https://" })} />
      </Section>
    </div>
  );
}

function OverlaySection(props: TabProps & { kind: "imprint" | "privacyPolicy" }) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  const { kind, state } = props;
  const active = state.draft[`${kind}Active`];
  const limits = kind === "imprint" ? SETTINGS_LIMITS.imprintText : SETTINGS_LIMITS.privacyText;
  // §4: the switch stays off until width, height and text are valid; switching off always works.
  const canSwitch = active || state.canSwitchOn(kind);
  return (
    <Section title={t(`settings.menuBar.${kind}`)}>
      <Checkbox {...bind.flag(`${kind}Active`)} isDisabled={!props.editable || !canSwitch}>
        {t(`settings.menuBar.${kind}Active`)}
      </Checkbox>
      {canSwitch ? null : <p className="text-sm text-slate-600">{t("settings.menuBar.switchNeeds", limits)}</p>}
      <div className="grid grid-cols-2 gap-3">
        <NumberInput {...bind.number(`${kind}OverlayWidth`, t("settings.menuBar.overlayWidth"))} />
        <NumberInput {...bind.number(`${kind}OverlayHeight`, t("settings.menuBar.overlayHeight"))} />
      </div>
      <TextInput {...bind.text(`${kind}Text`, t("settings.menuBar.text"), { multiline: true, prose: true })} />
    </Section>
  );
}

export function MenuBarTab(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  return (
    <div className="flex flex-col gap-4">
      <Section title={t("settings.menuBar.sharing")}>
        <Checkbox {...bind.flag("sharingActive")}>{t("settings.menuBar.sharingActive")}</Checkbox>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">{t("settings.menuBar.networks")}</legend>
          <div className="grid grid-cols-1 sm:grid-cols-2">
            {SHARE_FLAGS.map((flag) => (
              <Checkbox key={flag} {...bind.flag(flag)}>
                {t(`settings.menuBar.share.${flag}`)}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <TextInput {...bind.text("openGraphTitle", t("settings.menuBar.openGraphTitle"))} />
        <TextInput {...bind.text("openGraphDescription", t("settings.menuBar.openGraphDescription"), { multiline: true, prose: true })} />
      </Section>
      <OverlaySection {...props} kind="imprint" />
      <OverlaySection {...props} kind="privacyPolicy" />
    </div>
  );
}

export function StatisticsTab(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Checkbox {...bind.flag("statisticsActive")}>{t("settings.statistics.statisticsActive")}</Checkbox>
        <p className="text-sm text-slate-700">{t("settings.statistics.statisticsHint")}</p>
      </div>
      <ZipStatisticsSection {...props} />
      <TextInput
        {...bind.text("trackingGoogleTagId", t("settings.statistics.trackingGoogleTagId"), {
          placeholder: "G-XXXXXXXXXX",
          description: t("settings.statistics.trackingHint"),
        })}
      />
    </div>
  );
}

/**
 * Statistics of a self-hosted zip package (ADR 0053 'Zip packages'): off by default; when on,
 * counted in this studio or sent to the customer's https endpoint. Each choice says what goes where.
 */
function ZipStatisticsSection(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  const { draft } = props.state;
  return (
    <Section title={t("settings.statistics.zip.title")}>
      <Checkbox {...bind.flag("zipStatisticsActive")}>{t("settings.statistics.zip.active")}</Checkbox>
      <p className="text-sm text-slate-700">{t("settings.statistics.zip.hint")}</p>
      {draft.zipStatisticsActive ? (
        <>
          <Choice
            label={t("settings.statistics.zip.target")}
            value={draft.zipStatisticsTarget}
            options={ZIP_STATISTICS_TARGETS}
            labelOf={(value) => t(`settings.statistics.zip.targets.${value}`)}
            onChange={(value) => props.state.commit(["zipStatisticsTarget"], { zipStatisticsTarget: value })}
            isDisabled={() => !props.editable}
          />
          <p className="text-sm text-slate-700">{t(`settings.statistics.zip.explain.${draft.zipStatisticsTarget}`)}</p>
          {draft.zipStatisticsTarget === "endpoint" ? (
            <TextInput
              {...bind.text("zipStatisticsEndpoint", t("settings.statistics.zip.endpoint"), {
                placeholder: "https://",
                description: t("settings.statistics.zip.endpointHint"),
              })}
              type="url"
              inputMode="url"
            />
          ) : null}
          {draft.statisticsActive ? null : (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t("settings.statistics.zip.statisticsOff")}
            </p>
          )}
        </>
      ) : null}
    </Section>
  );
}

export function AdvancedTab(props: TabProps) {
  const { t } = useTranslation();
  const bind = useBinders(props);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("settings.advanced.codeHint")}</p>
      <TextInput {...bind.text("customPlayerHtml", t("settings.advanced.customPlayerHtml"), { multiline: true })} />
      <TextInput {...bind.text("customPlayerCss", t("settings.advanced.customPlayerCss"), { multiline: true })} />
      <TextInput {...bind.text("customPlayerJavascript", t("settings.advanced.customPlayerJavascript"), { multiline: true })} />
    </div>
  );
}
