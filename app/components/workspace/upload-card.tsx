import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { DropZone, FileTrigger, isFileDropItem } from "react-aria-components";
import { useRevalidator } from "react-router";
import {
  CREATE_EPAPER_PATH,
  EPAPER_NAME_MAX,
  GENERATED_UPLOAD_COOLDOWN_MS,
  UPLOAD_FILE_FIELD,
  UPLOAD_PDF_PATH,
} from "#app/rules/upload-contract";
import { Button } from "#app/components/ui/button";
import { focusFirstInvalid } from "#app/components/ui/focus-first-invalid";
import { TextField } from "#app/components/ui/text-field";
import { truncateText } from "#app/rules/truncate";
import { displayFileName } from "#app/rules/truncate";

export type EpaperLanguage = { code: string; name: string; nativeName: string };

type Failure = { messageKey: string; params?: Record<string, string | number> };
type Uploaded = { id: string; numPages: number; fileName: string };
type State =
  | { step: "select"; failure?: Failure }
  | { step: "uploading"; fileName: string; loaded: number; total: number }
  | { step: "details"; upload: Uploaded }
  | { step: "creating"; upload: Uploaded }
  | { step: "done"; fileName: string; epaperId: string };

/** The name an ePaper gets from its file: without .pdf, trimmed, at most 250 characters. */
export function nameFromFile(fileName: string): string {
  return truncateText(fileName.replace(/\.pdf$/i, "").trim(), 250).trim() || truncateText(fileName, 250);
}

/** Posts the PDF as multipart to /upload-pdf with byte progress (fetch cannot report upload progress). */
function uploadPdf(
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_PDF_PATH);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = xhr.response as (Uploaded & { error?: Failure }) | null;
      if (xhr.status === 200 && body?.id) resolve(body);
      else reject(body?.error ?? { messageKey: xhr.status === 200 ? "epaper.upload.fileUploadError" : "errors.unexpected" });
    };
    xhr.onerror = () => reject({ messageKey: "errors.unexpected" });
    xhr.onabort = () => reject(null);
    signal.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, file);
    xhr.send(form);
  });
}

/**
 * The first item of the grid (studio-core.md §2 upload card): PDF dropzone (one file), the try-it
 * cooldown with countdown, byte progress, the post-processing form (name, ePaper language, reset,
 * 'create ePaper') and the result with 'reset and upload new PDF'. A failed upload resets the
 * card and says why.
 */
export function UploadCard(props: {
  languages: EpaperLanguage[];
  defaultLanguage: string;
  folderId: string | null;
  /** Try-it users wait between uploads. */
  generated: boolean;
  /** When the user's last document was uploaded (user.documentUploadedAt). */
  cooldownFrom: string | null;
  /**
   * The embedded widget (260 × 260 px): it has no cookies in other sites' frames, so each request
   * carries the bearer `authorization()` returns (it creates the anonymous account on first use);
   * errors show in an overlay with OK; `onCreated` hands over to the studio.
   */
  embedded?: { authorization: () => Promise<string>; onCreated: (epaperId: string) => void };
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: "select" });
  const [name, setName] = useState("");
  const [language, setLanguage] = useState(props.defaultLanguage);
  const [cooldownStart, setCooldownStart] = useState(props.generated && props.cooldownFrom ? Date.parse(props.cooldownFrom) : null);
  const abort = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => () => abort.current?.abort(), []);
  // Leaving while a PDF is on its way, being checked or not yet made an ePaper would drop it
  // silently (issue 46): the browser asks first.
  const inFlight = state.step === "uploading" || state.step === "details" || state.step === "creating";
  useEffect(() => {
    if (!inFlight) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [inFlight]);

  const headers = async (): Promise<Record<string, string>> =>
    props.embedded ? { Authorization: `Bearer ${await props.embedded.authorization()}` } : {};

  const start = async (file: File | undefined) => {
    if (!file) return;
    abort.current = new AbortController();
    setState({ step: "uploading", fileName: file.name, loaded: 0, total: file.size });
    let auth: Record<string, string>;
    try {
      auth = await headers();
    } catch (failure) {
      setState({ step: "select", failure: (failure as Failure)?.messageKey ? (failure as Failure) : { messageKey: "errors.unexpected" } });
      return;
    }
    const { signal } = abort.current;
    uploadPdf(file, (loaded, total) => setState({ step: "uploading", fileName: file.name, loaded, total }), signal, auth).then(
      (upload) => {
        setName(nameFromFile(upload.fileName || file.name));
        setState({ step: "details", upload });
        if (props.generated) setCooldownStart(Date.now());
      },
      (failure: Failure | null) => setState({ step: "select", ...(failure ? { failure } : {}) }),
    );
  };

  const create = async (upload: Uploaded) => {
    setState({ step: "creating", upload });
    const body = new FormData();
    body.set("name", name);
    body.set("languageCode", language);
    body.set("fileId", upload.id);
    if (props.folderId) body.set("parentId", props.folderId);
    try {
      const response = await fetch(CREATE_EPAPER_PATH, { method: "POST", body, headers: await headers() });
      const json = (await response.json()) as { id?: string; error?: Failure };
      if (!response.ok || !json.id) throw json.error ?? { messageKey: "upload.errors.somethingWentWrong" };
      setState({ step: "done", fileName: upload.fileName, epaperId: json.id });
      if (props.embedded) props.embedded.onCreated(json.id);
      else void revalidator.revalidate();
    } catch (error) {
      // studio-core.md §4: on failure the message shows and the card resets.
      const failure = (error as Failure)?.messageKey ? (error as Failure) : { messageKey: "upload.errors.somethingWentWrong" };
      setState({ step: "select", failure });
    }
  };

  return (
    <section
      aria-labelledby="upload-card-title"
      data-testid="upload-card"
      data-tour={props.embedded ? undefined : "upload-card"}
      // A guided tour never opens over an upload in flight (issue 46).
      data-tour-wait={state.step === "select" || state.step === "done" ? undefined : ""}
      className={`relative flex flex-col rounded-xl border-2 border-dashed border-slate-300 bg-white p-3 ${props.embedded ? "h-[260px] w-[260px]" : "min-h-[220px] w-full sm:h-[220px] sm:w-[220px]"}`}
    >
      <h2 id="upload-card-title" className="mb-2 text-sm font-semibold">
        {t("epaper.upload.title")}
      </h2>
      {state.step === "select" ? (
        <SelectStep
          failure={props.embedded ? undefined : state.failure}
          onFile={(file) => void start(file)}
          cooldownStart={cooldownStart}
        />
      ) : state.step === "uploading" ? (
        <div className="flex flex-1 flex-col justify-center gap-2">
          <p className="text-xs break-all">{displayFileName(state.fileName)}</p>
          <Progress
            value={state.total > 0 ? state.loaded / state.total : 0}
            // Once every byte is sent, a render node analyses the PDF before the answer comes.
            label={state.total > 0 && state.loaded >= state.total ? t("epaper.upload.checking") : t("epaper.upload.uploading")}
          />
          <Button variant="secondary" className="min-h-9 text-xs" onPress={() => abort.current?.abort()}>
            {t("epaper.upload.cancel")}
          </Button>
        </div>
      ) : state.step === "details" || state.step === "creating" ? (
        <form
          className="flex min-h-0 flex-1 flex-col gap-1"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) focusFirstInvalid(event.currentTarget);
            else if (state.step === "details") void create(state.upload);
          }}
        >
          <TextField
            id="upload-name"
            label={t("epaper.upload.name")}
            errors={name.trim() ? undefined : [t("epaper.errors.nameRequired")]}
            value={name}
            onValueChange={setName}
            inputProps={{
              maxLength: EPAPER_NAME_MAX,
              className: "min-h-9",
            }}
          />
          <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-800">
            {t("epaper.upload.language")}
            <select
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value)}
              className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {props.languages.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.nativeName}
                </option>
              ))}
            </select>
          </label>
          <div className="mt-auto flex gap-1.5">
            {/* The reset label stays whole; 'create ePaper' may wrap (German labels are long). */}
            <Button variant="secondary" className="min-h-9 shrink-0 px-2 text-xs" onPress={() => setState({ step: "select" })}>
              {t("epaper.upload.reset")}
            </Button>
            <Button
              type="submit"
              className="min-h-9 min-w-0 flex-1 px-2 text-center text-xs leading-tight"
              isPending={state.step === "creating"}
            >
              {t("epaper.upload.create")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-1 flex-col justify-center gap-3" data-testid="upload-done">
          <p role="status" className="text-xs text-emerald-900">
            {t("epaper.upload.created", { fileName: displayFileName(state.fileName) })}
          </p>
          <Button variant="secondary" className="min-h-9 text-xs" onPress={() => setState({ step: "select" })}>
            {t("epaper.upload.again")}
          </Button>
        </div>
      )}
      {props.embedded && state.step === "select" && state.failure ? (
        <div
          role="alertdialog"
          aria-labelledby="upload-error"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/95 p-4 text-center"
        >
          <p id="upload-error" className="text-sm text-red-800">
            {t(state.failure.messageKey as "errors.unexpected", state.failure.params ?? {})}
          </p>
          <Button className="min-h-9 text-xs" autoFocus onPress={() => setState({ step: "select" })}>
            {t("epaper.upload.ok")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SelectStep(props: { failure: Failure | undefined; onFile: (file: File | undefined) => void; cooldownStart: number | null }) {
  const { t } = useTranslation();
  const remaining = useCountdown(props.cooldownStart);
  if (remaining > 0) {
    const done = 1 - remaining / GENERATED_UPLOAD_COOLDOWN_MS;
    return (
      <div className="flex flex-1 flex-col justify-center gap-2" data-testid="upload-cooldown">
        <p className="text-xs text-slate-700">{t("epaper.upload.cooldown")}</p>
        <Progress value={done} label={t("epaper.upload.cooldownTimer", { seconds: Math.ceil(remaining / 1000) })} />
      </div>
    );
  }
  return (
    <DropZone
      aria-label={t("epaper.upload.dropzone")}
      getDropOperation={(types) => (types.has("application/pdf") || types.has("Files") ? "copy" : "cancel")}
      onDrop={async (event) => {
        const files = event.items.filter(isFileDropItem);
        // One file at a time (studio-core.md §2): the first PDF dropped counts.
        const first = files[0];
        props.onFile(first ? await first.getFile() : undefined);
      }}
      className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg p-2 text-center data-[drop-target]:bg-brand-50 data-[drop-target]:ring-2 data-[drop-target]:ring-brand-600"
    >
      <p className="text-xs text-slate-600">{t("epaper.upload.dropHint")}</p>
      <FileTrigger acceptedFileTypes={["application/pdf", ".pdf"]} onSelect={(files) => props.onFile(files?.[0])}>
        <Button className="min-h-9 text-xs">{t("epaper.upload.choose")}</Button>
      </FileTrigger>
      {props.failure ? (
        <p role="alert" className="text-xs text-red-800">
          {t(props.failure.messageKey as "errors.unexpected", props.failure.params ?? {})}
        </p>
      ) : null}
    </DropZone>
  );
}

/** Milliseconds left of the cooldown that started at `start` (0 when over), ticking every second. */
function useCountdown(start: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = start === null ? 0 : Math.max(0, start + GENERATED_UPLOAD_COOLDOWN_MS - now);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [remaining]);
  return remaining;
}

function Progress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-700">
        {percent} % · {label}
      </p>
    </div>
  );
}
