import { useId, useState } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { TextInput } from "#app/components/ui/fields";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import { internalLinkRole, moveChangesNothing, type StructurePage } from "#app/rules/page-structure";
import { displayFileName } from "#app/rules/truncate";

/*
 * The four operations of the pages order and structure dialog (studio-admin.md §4 'Pages'), one
 * panel at a time under the page it starts from: add pages (position, upload, submit), move
 * (target page, before or behind), replace (upload, then confirm) and delete (the confirmation by
 * the page's internal-link role).
 */

export type StructureAction = { kind: "insert" | "move" | "replace" | "delete"; page: StructurePage; before: boolean };
export type Send = (fields: Record<string, string>) => Promise<boolean>;
type Uploaded = { id: string; numPages: number; fileName: string };

const RADIO =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 before:block before:size-4 before:rounded-full before:border-2 before:border-slate-500 data-[selected]:before:border-[5px] data-[selected]:before:border-brand-600";

/** Uploads the chosen PDF to /upload-pdf-exchange or /upload-pdf-replace and says how it went. */
function PdfUpload(props: {
  epaperId: string;
  purpose: "exchange" | "replace";
  max: number | null;
  onUploaded: (upload: Uploaded | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  const upload = async (file: File | undefined) => {
    props.onUploaded(null);
    if (!file) return;
    setState({ text: t("pageStructure.upload.uploading", { fileName: displayFileName(file.name) }), error: false });
    const body = new FormData();
    body.set("file", file);
    try {
      const response = await fetch(`/upload-pdf-${props.purpose}?epaperId=${encodeURIComponent(props.epaperId)}`, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => null)) as (Uploaded & ApiErrorBody) | null;
      if (response.ok && answer?.id) {
        setState({
          text: t("pageStructure.upload.uploaded", { fileName: displayFileName(answer.fileName), count: answer.numPages }),
          error: false,
        });
        props.onUploaded(answer);
      } else
        setState({ text: answer?.error ? t(answer.error.messageKey, answer.error.params) : t("pageStructure.upload.failed"), error: true });
    } catch {
      setState({ text: t("pageStructure.upload.failed"), error: true });
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("pageStructure.upload.label")}
      </label>
      <input
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        onChange={(event) => void upload(event.target.files?.[0])}
        className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-semibold"
      />
      {props.max !== null ? <p className="text-xs text-slate-600">{t("pageStructure.upload.hint", { max: props.max })}</p> : null}
      <p aria-live="polite" className={`min-h-5 text-sm ${state?.error ? "text-red-700" : "text-slate-700"}`}>
        {state?.text}
      </p>
    </div>
  );
}

function Place(props: { label: string; before: boolean; onChange: (before: boolean) => void; beforeText: string; behindText: string }) {
  return (
    <RadioGroup
      value={props.before ? "before" : "behind"}
      onChange={(value) => props.onChange(value === "before")}
      className="flex flex-col gap-1"
      aria-label={props.label}
    >
      <span className="text-sm font-medium">{props.label}</span>
      <div className="flex flex-wrap gap-2">
        <Radio value="before" className={RADIO}>
          {props.beforeText}
        </Radio>
        <Radio value="behind" className={RADIO}>
          {props.behindText}
        </Radio>
      </div>
    </RadioGroup>
  );
}

/** The open panel of one page; `busy` while a request is on its way. */
export function StructureActionPanel(props: {
  epaperId: string;
  action: StructureAction;
  total: number;
  pageExchangeMax: number;
  idOfNumber: (number: number) => Promise<string | null>;
  send: Send;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { action } = props;
  const page = action.page;
  const [before, setBefore] = useState(action.before);
  const [upload, setUpload] = useState<Uploaded | null>(null);
  const [target, setTarget] = useState(String(Math.min(props.total, page.number + 1)));
  const [sourcePage, setSourcePage] = useState("1");
  const [busy, setBusy] = useState(false);
  const run = async (fields: Record<string, string>) => {
    setBusy(true);
    const ok = await props.send(fields);
    setBusy(false);
    if (ok) props.onClose();
  };

  const titleKey = action.kind === "insert" ? "pageStructure.insert.title" : `pageStructure.${action.kind}.title`;
  let body: React.ReactNode;
  let submit: { text: string; disabled: boolean; fields: () => Promise<Record<string, string> | null> };
  if (action.kind === "insert") {
    body = (
      <>
        <Place
          label={t("pageStructure.insert.position")}
          before={before}
          onChange={setBefore}
          beforeText={t("pageStructure.insert.before", { number: page.number })}
          behindText={t("pageStructure.insert.after", { number: page.number })}
        />
        <PdfUpload epaperId={props.epaperId} purpose="exchange" max={props.pageExchangeMax} onUploaded={setUpload} />
      </>
    );
    submit = {
      text: t("pageStructure.insert.submit"),
      disabled: !upload,
      fields: async () => (upload ? { intent: "insert", uploadId: upload.id, pageId: page.id, before: String(before) } : null),
    };
  } else if (action.kind === "move") {
    const number = Number(target);
    const valid = Number.isInteger(number) && number >= 1 && number <= props.total;
    const unchanged = valid && moveChangesNothing(page.number - 1, number - 1, before);
    body = (
      <>
        <div className="w-40">
          <TextInput
            label={t("pageStructure.move.target")}
            inputMode="numeric"
            value={target}
            onChange={setTarget}
            error={valid ? null : t("pageStructure.replace.sourcePageRange", { max: props.total })}
          />
        </div>
        <Place
          label={t("pageStructure.move.place")}
          before={before}
          onChange={setBefore}
          beforeText={t("pageStructure.move.before")}
          behindText={t("pageStructure.move.behind")}
        />
        {unchanged ? <p className="text-sm text-slate-700">{t("pageStructure.move.unchanged")}</p> : null}
      </>
    );
    submit = {
      text: t("pageStructure.move.submit"),
      disabled: !valid || unchanged,
      fields: async () => {
        const targetPageId = await props.idOfNumber(number);
        return targetPageId ? { intent: "move", pageId: page.id, targetPageId, before: String(before) } : null;
      },
    };
  } else if (action.kind === "replace") {
    const source = Number(sourcePage);
    const max = upload?.numPages ?? 1;
    const valid = Number.isInteger(source) && source >= 1 && source <= max;
    body = (
      <>
        <PdfUpload epaperId={props.epaperId} purpose="replace" max={null} onUploaded={setUpload} />
        {upload && upload.numPages > 1 ? (
          <div className="w-56">
            <TextInput
              label={t("pageStructure.replace.sourcePage")}
              inputMode="numeric"
              value={sourcePage}
              onChange={setSourcePage}
              error={valid ? null : t("pageStructure.replace.sourcePageRange", { max })}
            />
          </div>
        ) : null}
        {upload && valid ? (
          <p className="text-sm font-medium text-slate-800">
            {t("pageStructure.replace.confirm", { number: page.number, source, fileName: upload.fileName })}
          </p>
        ) : null}
      </>
    );
    submit = {
      text: t("pageStructure.replace.submit"),
      disabled: !upload || !valid,
      fields: async () => (upload ? { intent: "replace", pageId: page.id, uploadId: upload.id, sourcePage: String(source) } : null),
    };
  } else {
    const role = internalLinkRole(page);
    body = (
      <p className="text-sm font-medium text-slate-800" data-testid="delete-confirmation">
        {t(`pageStructure.delete.${role}`, {
          number: page.number,
          count: role === "source" ? page.linksFrom : page.linksTo,
          pages: page.linkedFrom.join(", "),
        })}
      </p>
    );
    submit = { text: t("pageStructure.delete.submit"), disabled: false, fields: async () => ({ intent: "delete", pageId: page.id }) };
  }
  return (
    <section
      aria-label={t(titleKey as "pageStructure.insert.title", { number: page.number })}
      className="flex flex-col gap-3 rounded-xl border border-brand-600/40 bg-slate-50 p-3"
    >
      <h3 className="text-sm font-bold">{t(titleKey as "pageStructure.insert.title", { number: page.number })}</h3>
      {body}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={props.onClose}>
          {t("pageStructure.cancel")}
        </Button>
        <Button
          variant="primary"
          isDisabled={submit.disabled || busy}
          onPress={async () => {
            const fields = await submit.fields();
            if (fields) await run(fields);
          }}
        >
          {submit.text}
        </Button>
      </div>
    </section>
  );
}
