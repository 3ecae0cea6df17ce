import { useEffect, useRef, useState } from "react";
import { Button } from "./button.tsx";
import { copyFieldText } from "./clipboard.ts";

/** How long 'copied' stays on screen. */
const COPIED_MS = 4000;

/**
 * A code to paste into another site (the upload widget's, a channel's embed code): a labelled
 * read-only field that takes the focus when it mounts (screen readers hear its label and
 * description; focused, the code is selected for Ctrl+C), 'copy' with its outcome in a live
 * region: 'copied' for four seconds, or, where the browser refuses the clipboard, the code left
 * selected with `texts.copyManually`. Mount it anew (a key) for a new code, so that it takes the
 * focus again. `hint` is a description shown below the field (its id `${id}-hint`);
 * `describedBy` names a description elsewhere on the page.
 */
export function CopyableCodeField(props: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  hint?: string;
  describedBy?: string;
  testId?: string;
  texts: { copy: string; copied: string; copyManually: string };
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<"copied" | "manual" | null>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);
  useEffect(() => {
    if (status !== "copied") return;
    const timer = setTimeout(() => setStatus(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const hintId = `${props.id}-hint`;
  const describedBy = [props.describedBy, props.hint === undefined ? undefined : hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <textarea
        id={props.id}
        ref={field}
        readOnly
        rows={props.rows ?? 5}
        value={props.value}
        aria-describedby={describedBy}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all"
        data-testid={props.testId}
      />
      {props.hint === undefined ? null : (
        <p id={hintId} className="text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onPress={() => void copyFieldText(field.current, props.value).then(setStatus)}>
          {props.texts.copy}
        </Button>
        {/* Always in the page, so that screen readers announce what appears in it. */}
        <p role="status" className={`text-sm ${status === "manual" ? "text-amber-900" : "text-emerald-800"}`}>
          {status === "copied" ? props.texts.copied : status === "manual" ? props.texts.copyManually : ""}
        </p>
      </div>
    </div>
  );
}
