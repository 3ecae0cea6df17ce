import { useCallback, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, href, Link, useNavigate } from "react-router";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { EditorToolbar, useZoom } from "#app/components/editor/editor-toolbar";
import { type CreatorRequest, MediaCreator } from "#app/components/editor/media-creator";
import { MediaList } from "#app/components/editor/media-list";
import { PreviewButton } from "#app/components/editor/preview-button";
import { getEnv } from "#app/utils/env.server";
import { useFrameSaver } from "#app/components/editor/use-frame-saver";
import { cascadedFrame, type MediaElement } from "#app/rules/media-element";
import { PageCanvas } from "#app/components/editor/page-canvas";
import { EpaperSelector } from "#app/components/editor/epaper-selector";
import { PagePanel } from "#app/components/editor/page-panel";
import { PagesToCheckNote, RenderingNote } from "#app/components/editor/rendering-note";
import { usePageMove } from "#app/components/editor/use-page-move";
import { useTour } from "#app/components/hooks/use-tour";
import { EDITOR_TOUR, noContainer } from "#app/components/tours/studio-tours";
import { EpaperNotFound } from "#app/lifecycle/epaper-process.server";
import { cardActionsAllowed } from "#app/models/epaper-actions.server";
import {
  countPagesWithLinks,
  findAccountEpaper,
  findPagesToCheck,
  findPreview,
  findClickAreaColors,
  listPageChunk,
  lookupPage,
} from "#app/models/epaper-pages.server";
import { loadMediaElements } from "#app/models/page-media-read.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { editorAction } from "./editor-actions.server";
import { editorIntents } from "./editor-intents";

export const intents = editorIntents;
import { clampPageNumber, startZoom } from "#app/rules/editor-pages";
import { can } from "#app/rules/permissions";
import { START_ROUTE } from "#app/rules/login-redirect";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/editor";

/**
 * The ePaper detail workspace (studio-core.md §2 'ePaper detail workspace', §9 'Detail view';
 * issue 11): the page strip on the left (thumbnails in chunks of 50, only those in view
 * rendered), the toolbar and the page canvas with its click areas in the centre, the page's media
 * elements on the right. ?page= chooses the page. Needs epaperDetails and a page; a missing or
 * foreign ePaper goes back to the start with 'ePaper not found'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const studio = studioUserOf(context);
  requirePagePermission(studio, request, "epaperDetails");
  const accountId = studio.user.accountId;
  const notFound = () => redirectWithToast(START_ROUTE, { type: "error", messageKey: "epaper.errors.epaperNotFound" });
  let epaper: Awaited<ReturnType<typeof findAccountEpaper>>;
  try {
    epaper = await findAccountEpaper(db, accountId, params.epaperId);
  } catch (error) {
    if (error instanceof EpaperNotFound) throw await notFound();
    throw error;
  }
  const first = await listPageChunk(db, accountId, epaper.id, { take: 1 });
  if (first.total === 0) throw await notFound();
  // Issue 46: the editor opens while the first render still runs, on the pages stored so far;
  // they arrive in any order, so a page not there yet shows the first one that is.
  const rendering = !epaper.isRendered;
  const pageNumber = clampPageNumber(
    Number(new URL(request.url).searchParams.get("page") ?? 1),
    rendering ? Math.max(first.total, epaper.pageCount) : first.total,
  );
  let found = await lookupPage(db, accountId, epaper.id, pageNumber);
  const firstStored = first.pages[0];
  if (!found && rendering && firstStored) found = await lookupPage(db, accountId, epaper.id, firstStored.number);
  if (!found) throw await notFound();
  const [chunk, media, colors, pagesWithLinks, pagesToCheck] = await Promise.all([
    listPageChunk(db, accountId, epaper.id, { skip: found.chunkSkip }),
    loadMediaElements(db, { pageId: found.page.id }),
    findClickAreaColors(db, epaper.id),
    countPagesWithLinks(db, epaper.id),
    findPagesToCheck(db, epaper.id),
  ]);
  return data({
    metaTitle: getInstance(context).t("editor.metaTitle", { name: epaper.name }),
    epaper: { id: epaper.id, name: epaper.name, isLocked: epaper.isLocked, isDemo: epaper.isDemo, pagesVersion: epaper.pagesVersion },
    // Locked by support or demo content without demoManagement: shown, not changeable (§4, §6).
    editable: cardActionsAllowed(studio.subject, epaper),
    // The pages dialogs wait for the render: their lists would miss the pages still to come.
    dialogs: {
      settings: can(studio.subject, "epaperSettings"),
      toc: can(studio.subject, "epaperTableOfContents"),
      pages: !rendering && can(studio.subject, "epaperPagesSettings"),
      structure: !rendering && can(studio.subject, "epaperPagesOrderAndStructure"),
    },
    rendering: rendering ? { ready: first.total, total: Math.max(first.total, epaper.pageCount) } : null,
    pagesWithLinks,
    pagesToCheck,
    preview: await findPreview(db, epaper.id),
    contentUrl: getEnv().CONTENT_URL,
    page: found.page,
    chunk,
    media,
    colors,
  });
}

/** The editor's writes: media elements, PDF link conversion, click-area colours (editor-actions.server.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return withErrorToasts(() => editorAction(studioUserOf(context), request, params.epaperId));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

const headerLink =
  "inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600";

export default function EpaperEditor(props: Route.ComponentProps) {
  // Another ePaper (the selector) starts with a fresh editor: no chosen element, no open creator.
  return <EditorScreen key={props.loaderData.epaper.id} {...props} />;
}

function EditorScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { epaper, page, chunk, media, colors, editable } = loaderData;
  const canvasBox = useRef<HTMLDivElement>(null);
  const { zoom, chosen: zoomChosen, change: setZoom } = useZoom(() => startZoom(canvasBox.current?.clientWidth ?? 0, page.width));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creator, setCreator] = useState<CreatorRequest | null>(null);
  const frames = useFrameSaver(epaper.id, media);
  const goTo = (number: number) => void navigate({ search: `?page=${number}` }, { replace: true, preventScrollReset: true });
  const closeCreator = useCallback(() => setCreator(null), []);
  const created = useCallback((element: MediaElement) => setSelectedId(element.id), []);
  const selected = media.find((element) => element.id === selectedId);
  useTour("epaper-tour", EDITOR_TOUR, true, noContainer);
  const movePage = usePageMove(epaper.id, goTo);
  return (
    <main id="main" className="mx-auto flex w-full max-w-[1800px] flex-1 flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-start">
      <div className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4 lg:w-[260px] lg:shrink-0">
        <div className="flex flex-wrap items-center justify-between gap-1">
          <Link to={`${href("/epaper")}?epaperId=${encodeURIComponent(epaper.id)}`} className={headerLink}>
            ‹ {t("editor.back")}
          </Link>
          {/* The readership statistics (issue 31 item 4): the editor's right (epaperDetails) is theirs. */}
          <Link to={href("/epaper/:epaperId/statistics", { epaperId: epaper.id })} className={headerLink}>
            {t("stats.screen.menu")}
          </Link>
        </div>
        <h1 className="truncate text-xl font-bold" title={epaper.name}>
          {epaper.name}
        </h1>
        {loaderData.rendering ? <RenderingNote epaperId={epaper.id} {...loaderData.rendering} /> : null}
        <PagesToCheckNote pages={loaderData.pagesToCheck} onChoose={goTo} />
        <div data-tour="editor-selector">
          <EpaperSelector currentId={epaper.id} />
        </div>
        {/* A page operation (issue 12) gives the pages new numbers and files: the strip starts afresh. */}
        <div data-tour="editor-pages">
          <PagePanel
            // While pages arrive, each new count starts the strip afresh with them.
            key={`${epaper.pagesVersion}-${loaderData.rendering?.ready ?? ""}`}
            epaperId={epaper.id}
            pagesVersion={epaper.pagesVersion}
            chunk={chunk}
            current={page.number}
            onChoose={goTo}
            onMove={editable && loaderData.dialogs.structure ? movePage : undefined}
          />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div data-tour="editor-toolbar">
          <EditorToolbar
            zoom={zoom}
            onZoom={setZoom}
            page={page.number}
            pageCount={loaderData.rendering?.total ?? chunk.total}
            onPage={goTo}
          />
        </div>
        <div data-tour="editor-canvas" ref={canvasBox}>
          <PageCanvas
            epaperId={epaper.id}
            pagesVersion={epaper.pagesVersion}
            page={page}
            zoom={zoom}
            zoomChosen={zoomChosen}
            media={media}
            colors={colors}
            frameOf={frames.frameOf}
            selectedId={selectedId}
            editable={editable}
            // §4: the page at half opacity while an element that opens in an overlay is chosen.
            dimmed={selected?.displayAs === "overlay"}
            saving={frames.saving}
            onSelect={setSelectedId}
            onMove={frames.move}
            onDraw={(frame) => setCreator({ kind: null, frame })}
          />
        </div>
      </div>
      <div className="flex flex-col gap-3 lg:w-80 lg:shrink-0">
        <div data-tour="editor-preview">
          <PreviewButton
            epaperId={epaper.id}
            name={epaper.name}
            page={page.number}
            preview={loaderData.preview}
            contentUrl={loaderData.contentUrl}
            rendering={loaderData.rendering !== null}
          />
        </div>
        <div data-tour="editor-media">
          <MediaList
            epaperId={epaper.id}
            page={page}
            pageCount={chunk.total}
            media={media}
            links={page.links ?? []}
            pagesWithLinks={loaderData.pagesWithLinks}
            colors={colors}
            editable={editable}
            epaperName={epaper.name}
            dialogs={loaderData.dialogs}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onAdd={(kind) => setCreator({ kind, frame: cascadedFrame(media.length) })}
          />
        </div>
      </div>
      <MediaCreator
        request={creator}
        onClose={closeCreator}
        onCreated={created}
        pageId={page.id}
        epaperId={epaper.id}
        pageCount={chunk.total}
      />
    </main>
  );
}
