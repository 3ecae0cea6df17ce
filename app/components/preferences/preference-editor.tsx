import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json, jsonParseLinter } from "@codemirror/lang-json";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";

/*
 * The JSON editor of a system preference (studio-admin.md §2 'Preferences page', §9 'text editor
 * height 250 px'; issue 14; ADR 0043): CodeMirror 6 with JSON highlighting, syntax errors marked
 * as you type, and the schema's issues from the server marked at their keys after 'confirm'.
 * Reset goes back to the stored value; confirm asks first, then saves.
 */

type Issue = { path: string; message: string };
type SaveAnswer = { ok: boolean; issues: Issue[] };

/** Where a schema issue's path ('/cronjobsActive/active') names a key in the text; the whole text when it names none. */
export function rangeOfPath(text: string, path: string): { from: number; to: number } {
  let from = -1;
  let length = 0;
  let at = 0;
  for (const segment of path.split("/").filter((part) => part !== "" && !/^\d+$/.test(part))) {
    const found = text.indexOf(`"${segment}"`, at);
    if (found < 0) break;
    from = found;
    length = segment.length + 2;
    at = found + length;
  }
  return from < 0 ? { from: 0, to: Math.min(text.length, 1) } : { from, to: from + length };
}

const serverDiagnostic = (doc: string, issue: Issue): Diagnostic => ({
  ...rangeOfPath(doc, issue.path),
  severity: "error",
  message: `${issue.path}: ${issue.message}`,
});

export default function PreferenceEditor({ name, json: stored }: { name: string; json: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [text, setText] = useState(stored);
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<SaveAnswer>();
  // The server's last refusal, for the text it was given: shown while that text is unchanged.
  const refused = useRef<{ doc: string; issues: Issue[] } | null>(null);

  const label = t("preferences.editorLabel", { name });
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: stored,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          indentOnInput(),
          syntaxHighlighting(defaultHighlightStyle),
          json(),
          linter(
            (editor) => {
              const doc = editor.state.doc.toString();
              const server = refused.current?.doc === doc ? refused.current.issues : [];
              return [
                ...jsonParseLinter()(editor),
                ...server.map(
                  (issue): Diagnostic => ({
                    ...rangeOfPath(doc, issue.path),
                    severity: "error",
                    message: `${issue.path}: ${issue.message}`,
                  }),
                ),
              ];
            },
            { delay: 300 },
          ),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.theme({ "&": { height: "250px" }, ".cm-scroller": { overflow: "auto" } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) setText(update.state.doc.toString());
          }),
        ],
      }),
    });
    // The scroller is a scrolling region keyboard users must reach (axe 'scrollable-region-focusable').
    editor.scrollDOM.tabIndex = 0;
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [stored, label]);

  // The server's schema issues, marked at the keys they name (by the linter above).
  useEffect(() => {
    const editor = view.current;
    const issues = fetcher.data?.issues;
    if (!editor || !issues || fetcher.state !== "idle") return;
    const doc = editor.state.doc.toString();
    refused.current = { doc, issues };
    const syntax = jsonParseLinter()(editor);
    editor.dispatch(setDiagnostics(editor.state, [...syntax, ...issues.map((issue) => serverDiagnostic(doc, issue))]));
  }, [fetcher.data, fetcher.state]);

  const reset = () => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: stored } });
  };
  const issues = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.issues : [];
  return (
    <div className="flex flex-col gap-3">
      <div ref={host} data-testid="preference-json" className="overflow-hidden rounded-lg border border-slate-300 text-sm" />
      {issues.length > 0 ? (
        <div role="alert" aria-label={t("preferences.issues")}>
          <ul className="list-disc ps-6 text-sm text-red-700">
            {issues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>
                <code>{issue.path}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onPress={reset} isDisabled={text === stored}>
          {t("preferences.reset")}
        </Button>
        <Button onPress={() => setConfirming(true)} isDisabled={text === stored || fetcher.state !== "idle"}>
          {t("preferences.confirm")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={t("preferences.confirmTitle", { name })}
        text={t("preferences.confirmText")}
        confirm={t("preferences.confirm")}
        cancel={t("preferences.cancel")}
        onConfirm={() => fetcher.submit({ intent: "save", json: text }, { method: "POST" })}
      />
    </div>
  );
}
