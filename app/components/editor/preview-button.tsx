import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useFetcher, useRevalidator } from "react-router";
import { useStudioEvent } from "#app/components/studio-events";
import { Button } from "#app/components/ui/button";
import { PreviewDialog } from "#app/components/workspace/publish-dialogs";
import { previewAddress } from "#app/rules/preview-address";

export type EditorPreview = { hash: string; publishedAt: string; outdated: boolean } | null;

/**
 * The editor's preview button (studio-core.md §4 'Preview button'): without a preview, or when
 * republishing is required, it publishes one (publishAction preview) and opens it when the
 * publish has finished; otherwise it opens the preview at the current page, here and, through the
 * server's 'open preview' event (§7), in the user's workspace tabs.
 */
export function PreviewButton(props: {
  epaperId: string;
  name: string;
  page: number;
  preview: EditorPreview;
  contentUrl: string;
  /** The first render still runs: a press waits for its end, then publishes and opens the preview (issue 46). */
  rendering: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const opener = useFetcher<{ ok: boolean }>();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [waitingSince, setWaitingSince] = useState<string | null | undefined>(undefined);
  const current = props.preview && !props.preview.outdated ? props.preview : null;
  const waiting = waitingSince !== undefined;
  // Pressed during the first render (issue 46): the preview is published and opened as soon as
  // the last page is there, without a second press.
  const [queued, setQueued] = useState(false);

  // The publish ends with an epaperProcess event: load the new preview (or learn it failed).
  useStudioEvent((event) => {
    if (event.type !== "epaperProcess" || event.epaperId !== props.epaperId || event.process !== "publishing_preview") return;
    if (event.state === "started") return;
    if (event.state !== "finished") setWaitingSince(undefined);
    void revalidator.revalidate();
  });
  useEffect(() => {
    if (!waiting || !current || current.publishedAt === waitingSince) return;
    setWaitingSince(undefined);
    setOpen(true);
  }, [waiting, current, waitingSince]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok === false) setWaitingSince(undefined);
  }, [fetcher.state, fetcher.data]);

  const action = href("/epaper/:epaperId/action", { epaperId: props.epaperId });
  const press = () => {
    if (props.rendering) return setQueued(true);
    if (current) {
      setOpen(true);
      return void opener.submit({ intent: "openPreview", pageNumber: props.page }, { method: "post", action });
    }
    setWaitingSince(props.preview?.publishedAt ?? null);
    void fetcher.submit({ intent: "publishPreview" }, { method: "post", action });
  };
  const pressRef = useRef(press);
  pressRef.current = press;
  useEffect(() => {
    if (!queued || props.rendering) return;
    setQueued(false);
    pressRef.current();
  }, [queued, props.rendering]);
  const url = current ? `${previewAddress(props.contentUrl, current.hash)}#/page/${props.page}` : null;
  return (
    <>
      <Button
        variant="secondary"
        onPress={press}
        isDisabled={waiting || queued}
        aria-describedby={props.rendering ? "rendering-note" : undefined}
      >
        {queued ? t("editor.previewQueued") : waiting ? t("editor.previewPublishing") : t("editor.preview")}
      </Button>
      <PreviewDialog isOpen={open && url !== null} onClose={() => setOpen(false)} name={props.name} url={url} />
    </>
  );
}
