import { createId } from "@paralleldrive/cuid2";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import type { Frame } from "#app/rules/click-area";
import { ENRICHMENT_KINDS, type EnrichmentKind } from "#app/rules/enrichment";
import {
  contentStepReady,
  type FieldName,
  fieldProblems,
  type MediaElement,
  type MediaFields,
  newMediaFields,
} from "#app/rules/media-element";
import {
  CONTENT_FIELDS,
  ContentSection,
  DISPLAY_FIELDS,
  DisplaySection,
  REPRESENTATION_FIELDS,
  RepresentationSection,
  sectionReady,
} from "./media-fields.tsx";

const STEPS = ["display", "content", "representation"] as const;
const STEP_FIELDS: Record<(typeof STEPS)[number], FieldName[]> = {
  display: DISPLAY_FIELDS,
  content: CONTENT_FIELDS,
  representation: REPRESENTATION_FIELDS,
};

/** What opens the creator: a kind from 'add media item', or a drawn frame whose kind is chosen first. */
export type CreatorRequest = { kind: EnrichmentKind | null; frame: Frame | null };

/**
 * The enrichment creator (studio-core.md §2 'Enrichment creator dialog', §4): three steps —
 * display, content by kind, representation — with 'Next' enabled once a step is ready (§4 'Step
 * readiness'), and 'Add media item' at the end. A field shows its message once it was changed,
 * or when 'Next' is pressed before the step is ready (a disabled button would not say why); the
 * server checks the same rules again.
 */
export function MediaCreator(props: Omit<BodyProps, "request"> & { request: CreatorRequest | null }) {
  const { t } = useTranslation();
  const { request } = props;
  return (
    <Dialog isOpen={request !== null} onOpenChange={(open) => !open && props.onClose()} title={t("media.creator.title")} maxWidth="640px">
      {request ? <CreatorBody key={`${request.kind}-${JSON.stringify(request.frame)}`} {...props} request={request} /> : null}
    </Dialog>
  );
}

type BodyProps = {
  request: CreatorRequest;
  onClose: () => void;
  onCreated: (element: MediaElement) => void;
  pageId: string;
  epaperId: string;
  pageCount: number;
};

/** A drawn click area asks for the kind first (the six kinds of 'add media item'). */
function CreatorBody(props: BodyProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EnrichmentKind | null>(props.request.kind);
  if (kind) return <CreatorSteps {...props} request={{ ...props.request, kind }} />;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{t("media.chooseKind")}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {ENRICHMENT_KINDS.map((item) => (
          <li key={item}>
            <Button variant="secondary" onPress={() => setKind(item)} className="w-full flex-col !items-start text-left">
              <span>{t(`editor.kinds.${item}`)}</span>
              <span className="text-xs font-normal text-slate-600">{t(`media.kindHint.${item}`)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How long 'Add media item' may take before the creator says it timed out and may be sent again. */
const CREATE_TIMEOUT_MS = 20_000;

function CreatorSteps(props: BodyProps & { request: { kind: EnrichmentKind } }) {
  const { t } = useTranslation();
  const { kind } = props.request;
  const fetcher = useFetcher<{ ok: boolean; element?: MediaElement; error?: string }>();
  const [step, setStep] = useState(0);
  const [fields, setFields] = useState<MediaFields>(() => newMediaFields(kind, props.request.frame ?? undefined));
  const [touched, setTouched] = useState<Set<FieldName>>(new Set());
  const problems = useMemo(() => fieldProblems(kind, fields, false), [kind, fields]);
  const shown = Object.fromEntries(Object.entries(problems).filter(([name]) => touched.has(name as FieldName)));
  const name = STEPS[step] ?? "display";
  const ready = sectionReady(problems, STEP_FIELDS[name]) && (name !== "content" || contentStepReady(kind, fields));

  // The new element's id, made once per dialog: sending again after a timeout answers the
  // element the first request made, if it did (§8 'due to a timeout'; nothing is created twice).
  const [elementId] = useState(() => createId());
  const [timedOut, setTimedOut] = useState(false);
  const { onClose, onCreated } = props;
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const answer = fetcher.data;
    if (answer?.ok && answer.element) {
      onCreated(answer.element);
      onClose();
    }
    // §8 'enrichment creation failed due to dependency': its message is shown, the dialog closes.
    if (answer && !answer.ok && answer.error === "FailedDependency") onClose();
  }, [fetcher.state, fetcher.data, onClose, onCreated]);
  useEffect(() => {
    setTimedOut(false);
    if (fetcher.state === "idle") return;
    const timer = setTimeout(() => setTimedOut(true), CREATE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state]);

  const change = (patch: Partial<MediaFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    setTouched((current) => {
      const next = new Set(current);
      for (const key of Object.keys(patch) as FieldName[]) next.add(key);
      if ("frameActive" in patch || "mediaBarActive" in patch) next.add("display");
      return next;
    });
  };
  const section = {
    kind,
    fields,
    problems: shown,
    onChange: change,
    epaperId: props.epaperId,
    pageCount: props.pageCount,
    idPrefix: "creator",
  };
  const submit = () =>
    fetcher.submit(
      { intent: "createMedia", pageId: props.pageId, kind, fields: JSON.stringify(fields), elementId },
      { method: "post", action: `/epaper/${encodeURIComponent(props.epaperId)}` },
    );

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) {
          // Not ready: every field of the step says what it needs (a disabled button would not).
          setTouched((current) => new Set([...current, ...STEP_FIELDS[name]]));
          return;
        }
        if (step < STEPS.length - 1) setStep(step + 1);
        else submit();
      }}
    >
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand-700">{t(`editor.kinds.${kind}`)}</p>
        <h3 className="text-lg font-bold" aria-live="polite">
          {t("media.creator.step", { step: step + 1, name: t(`media.creator.steps.${name}`) })}
        </h3>
        <ol className="flex gap-2" aria-hidden="true">
          {STEPS.map((item, index) => (
            <li key={item} className={`h-1.5 flex-1 rounded-full ${index <= step ? "bg-brand-600" : "bg-slate-200"}`} />
          ))}
        </ol>
      </div>
      {name === "display" ? <DisplaySection {...section} /> : null}
      {name === "content" ? <ContentSection {...section} /> : null}
      {name === "representation" ? <RepresentationSection {...section} /> : null}
      {timedOut ? (
        <p role="alert" className="text-sm text-red-700">
          {t("media.errors.creationTimeout")}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {step > 0 ? (
          <Button variant="secondary" onPress={() => setStep(step - 1)}>
            {t("media.creator.back")}
          </Button>
        ) : (
          <Button variant="secondary" onPress={props.onClose}>
            {t("media.creator.cancel")}
          </Button>
        )}
        <Button type="submit" isDisabled={fetcher.state !== "idle" && !timedOut}>
          {step < STEPS.length - 1 ? t("media.creator.next") : t("media.creator.submit")}
        </Button>
      </div>
    </form>
  );
}
