import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSerial } from "#app/components/hooks/use-serial";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import {
  type EpaperSettingsView,
  overlayProblems,
  type SettingsField,
  type SettingsPatch,
  type SettingsProblem,
  type SettingsValues,
  settingsProblems,
} from "#app/rules/epaper-settings";

export type SettingsStatus = { text: string; error: boolean } | null;
type Answer = { settings?: EpaperSettingsView } & Partial<ApiErrorBody>;

/**
 * The settings dialog's state (studio-admin.md §4 'Settings behaviour'): the stored settings, a
 * draft the fields edit, and `commit`, which sends the changed fields when they pass the §5 rules
 * and takes the settings the server answers (every change is sent, the settings re-fetched).
 */
export function useEpaperSettings(epaperId: string, open: boolean) {
  const { t } = useTranslation();
  const [view, setView] = useState<EpaperSettingsView | null>(null);
  const [draft, setDraft] = useState<SettingsValues | null>(null);
  const [touched, setTouched] = useState<Set<SettingsField>>(new Set());
  const [status, setStatus] = useState<SettingsStatus>(null);
  const [busy, setBusy] = useState(false);
  const base = href("/epaper/:epaperId/settings", { epaperId });

  const viewRef = useRef<EpaperSettingsView | null>(null);
  const take = useCallback(
    async (response: Response, done: string, sent: string[] = []) => {
      const answer = (await response.json().catch(() => null)) as Answer | null;
      if (!response.ok || !answer?.settings) {
        const error = answer?.error;
        setStatus({ text: error ? t(error.messageKey, error.params) : t("errors.unexpected"), error: true });
        return false;
      }
      const stored = answer.settings;
      const previous = viewRef.current;
      viewRef.current = stored;
      setView(stored);
      // The stored settings replace the draft, except what the user has typed since in other
      // fields (saved when they are left): that is kept, not overwritten by the answer.
      setDraft((current) => {
        if (!current || !previous) return stored.values;
        const next: Record<string, unknown> = { ...stored.values };
        for (const [field, value] of Object.entries(current)) {
          if (!sent.includes(field) && value !== previous.values[field as SettingsField]) next[field] = value;
        }
        return next as SettingsValues;
      });
      setStatus({ text: done, error: false });
      return true;
    },
    [t],
  );

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(base, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => take(response, ""))
      .then(() => setStatus(null))
      .catch(() => {});
    return () => controller.abort();
  }, [open, base, take]);

  const problems = useMemo(() => (draft ? settingsProblems(draft) : {}), [draft]);

  const serial = useSerial();
  const send = useCallback(
    (body: FormData, url = base, sent: string[] = []) => {
      const run = async () => {
        setBusy(true);
        setStatus({ text: t("settings.saving"), error: false });
        try {
          const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
          return await take(response, t("settings.saved"), sent);
        } catch {
          setStatus({ text: t("errors.unexpected"), error: true });
          return false;
        } finally {
          setBusy(false);
        }
      };
      return serial(run);
    },
    [base, t, take, serial],
  );

  /** Edits the draft only (typing); `commit` saves. */
  const change = (patch: SettingsPatch) => setDraft((current) => (current ? { ...current, ...patch } : current));

  /** Saves `fields` (after applying `patch` to the draft) when they changed and pass the rules. */
  const commit = (fields: SettingsField[], patch: SettingsPatch = {}) => {
    if (!draft || !view) return;
    const next = { ...draft, ...patch };
    setDraft(next);
    setTouched((current) => new Set([...current, ...fields]));
    const changed = fields.filter((field) => next[field] !== view.values[field]);
    if (changed.length === 0) return;
    const nextProblems = settingsProblems(next);
    if (changed.some((field) => nextProblems[field])) return;
    const body = new FormData();
    body.set("intent", "update");
    body.set("patch", JSON.stringify(Object.fromEntries(changed.map((field) => [field, next[field]]))));
    void send(body, base, changed);
  };

  const upload = (kind: "background" | "logo", file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.set("kind", kind);
    body.set("file", file);
    void send(body, href("/epaper/:epaperId/settings/image", { epaperId }));
  };

  const removeImage = (kind: "background" | "logo") => {
    const body = new FormData();
    body.set("intent", "removeImage");
    body.set("kind", kind);
    void send(body);
  };

  /** The message a field shows: its §5 problem once the user has been in it. */
  const problemOf = (field: SettingsField): SettingsProblem | null => (touched.has(field) ? (problems[field] ?? null) : null);
  const canSwitchOn = (kind: "imprint" | "privacyPolicy") => (draft ? Object.keys(overlayProblems(draft, kind)).length === 0 : false);

  return { view, draft, status, busy, change, commit, upload, removeImage, problemOf, canSwitchOn };
}

export type EpaperSettingsState = ReturnType<typeof useEpaperSettings>;
