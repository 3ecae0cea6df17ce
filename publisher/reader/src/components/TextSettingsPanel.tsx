import { useId, useState } from "react";
import { Icon } from "../icons.tsx";
import { useReader } from "../reader-context.ts";
import { stepTextSize, TEXT_SIZES, type TextSettings } from "../text-view.ts";
import type { TextKey } from "../texts.ts";

type Props = { settings: TextSettings; onSettings: (settings: TextSettings) => void };

/** Radio options: the setting's value and the text naming it. */
const CHOICES = {
  spacing: { legend: "lineSpacing", options: { normal: "spacingNormal", wide: "spacingWide", wider: "spacingWider" } },
  theme: { legend: "theme", options: { light: "themeLight", dark: "themeDark", contrast: "themeContrast" } },
  font: { legend: "font", options: { serif: "fontSerif", sans: "fontSans" } },
} as const satisfies Record<string, { legend: TextKey; options: Record<string, TextKey> }>;

/**
 * The text view's display settings, behind one "Display" button at the top of the text (a
 * disclosure, not a modal): text size, line spacing, colours and font, each a native control.
 */
export function TextSettingsPanel({ settings, onSettings }: Props) {
  const { texts } = useReader();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const percent = `${Math.round(settings.size * 100)} %`;
  const largest = TEXT_SIZES[TEXT_SIZES.length - 1] ?? 3;
  return (
    <div className="ep-text-settings">
      <button type="button" className="ep-text-settings-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">Aa</span> {texts.textSettings}
      </button>
      <div id={panelId} className="ep-text-settings-panel" hidden={!open}>
        <fieldset className="ep-text-setting">
          <legend className="ep-text-setting-name">{texts.textSize}</legend>
          <div className="ep-text-stepper">
            <button
              type="button"
              aria-label={texts.smallerText}
              disabled={settings.size <= TEXT_SIZES[0]}
              onClick={() => onSettings({ ...settings, size: stepTextSize(settings.size, false) })}
            >
              <Icon name="minus" />
            </button>
            <output aria-live="polite">{percent}</output>
            <button
              type="button"
              aria-label={texts.largerText}
              disabled={settings.size >= largest}
              onClick={() => onSettings({ ...settings, size: stepTextSize(settings.size, true) })}
            >
              <Icon name="plus" />
            </button>
          </div>
        </fieldset>
        {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((key) => (
          <fieldset key={key} className="ep-text-setting">
            <legend className="ep-text-setting-name">{texts[CHOICES[key].legend]}</legend>
            <div className="ep-text-options">
              {Object.entries(CHOICES[key].options).map(([value, label]) => (
                <label key={value} className="ep-text-option">
                  <input
                    type="radio"
                    name={`${panelId}-${key}`}
                    value={value}
                    checked={settings[key] === value}
                    onChange={() => onSettings({ ...settings, [key]: value })}
                  />
                  <span>{texts[label as TextKey]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
