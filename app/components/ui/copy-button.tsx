import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "./button.tsx";

/**
 * Copies a text to the clipboard and says so for two seconds (in its label, which screen readers
 * announce through the live region). `label` names what is copied for assistive technology.
 */
export function CopyButton(props: { text: string; label: string; copy: string; copied: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      className="min-h-10 shrink-0 px-3 text-sm"
      aria-label={`${props.label}: ${copied ? props.copied : props.copy}`}
      onPress={() => {
        void navigator.clipboard?.writeText(props.text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-live="polite">{copied ? props.copied : props.copy}</span>
    </Button>
  );
}

/** A read-only text with its label and a copy button: a link, a password. */
export function CopyField(props: { id: string; label: string; value: string; mono?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <div className="flex gap-2">
        <input
          id={props.id}
          readOnly
          value={props.value}
          data-testid={props.testId}
          onFocus={(event) => event.currentTarget.select()}
          className={`min-h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm ${props.mono ? "font-mono tracking-wide" : ""}`}
        />
        <CopyButton text={props.value} label={props.label} copy={t("previewLink.copy")} copied={t("previewLink.copied")} />
      </div>
    </div>
  );
}
