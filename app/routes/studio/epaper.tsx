import { useTour } from "#app/components/hooks/use-tour";
import { WORKSPACE_TOUR, noContainer } from "#app/components/tours/studio-tours";
import { withErrorToasts } from "#app/errors/responses.server";
import { z } from "zod";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { data, redirect, useNavigate, useRevalidator } from "react-router";
import { destroySessionHeader } from "#app/auth/session-cookie.server";
import { studioUserOf } from "#app/auth/studio-user.server";
import { EpaperCard, type LiveProgress, type PreviewRequest } from "#app/components/workspace/epaper-card";
import { UploadCard } from "#app/components/workspace/upload-card";
import { cardActionsAllowed } from "#app/models/epaper-actions.server";
import {
  findFolder,
  folderOfEpaper,
  indexOfEpaper,
  listEpaperCards,
  listEpaperLanguages,
  pageOfIndex,
} from "#app/models/epaper-grid.server";
import { findRootFolder } from "#app/models/folder.server";
import { loadFolderTree } from "#app/models/folder-listing.server";
import { FolderPanel } from "#app/components/folders/folder-panel";
import {
  GRID_CELL_PX,
  GRID_MARGIN_PX,
  GRID_RESIZE_DELAY_MS,
  GRID_SIZE_COOKIE,
  GRID_SIZE_PARAM,
  gridSizeFromCookie,
  gridCapacity,
  parseGridSize,
} from "#app/rules/grid-capacity";
import { GeneratedUserDialogs, useGeneratedUserDialogs } from "#app/components/account/generated-user-dialogs";
import { useStudioEvent } from "#app/components/studio-events";
import { END_TEST_PHASE_INTENT, TestPhaseDialog } from "#app/components/workspace/test-phase-dialog";
import { DELETE_ALL_EPAPERS_INTENT, WelcomePanel } from "#app/components/workspace/welcome-panel";
import { blobs } from "#app/blob/blobs.server";
import { endTestPhase } from "#app/models/account-removal.server";
import { TRY_IT_STORAGE_MS, testPhaseExpired } from "#app/models/generated-account.server";
import { findWidgetReturnUrl } from "#app/models/affiliate.server";
import { findTerms } from "#app/models/terms.server";
import { deleteAllEpapersOfAccount } from "#app/models/try-it-epapers.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/epaper";
import { truncateText } from "#app/rules/truncate";
import { zipOfferTexts } from "#app/shop/checkout.server";
import { readForm } from "#app/utils/read-form.server";
import { Pagination } from "#app/components/ui/pagination";

const DAY_MS = 24 * 3_600_000;

/**
 * The ePaper grid workspace, the start route (studio-core.md §2): the folder tree (with the tree
 * permission), the upload card and the account's ePapers newest first, in pages sized to the
 * window; ?folder= picks a folder, ?search= filters, ?epaperId= selects one and shows its page.
 * Try-it users also see the welcome panel and their login, signup and test-phase dialogs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const studio = studioUserOf(context);
  const { user, subject, permissions } = studio;
  const t = getInstance(context).t;
  const url = new URL(request.url);
  const size = parseGridSize(url.searchParams.get(GRID_SIZE_PARAM) ?? gridSizeFromCookie(request.headers.get("Cookie")));
  const search = truncateText(url.searchParams.get("search")?.trim() ?? "", 250) || null;
  const generated = user.isGenerated;
  const tree = permissions.has("tree");
  const rootFolder = await findRootFolder(db, user.accountId);
  const root = rootFolder.id;
  const selectedId = url.searchParams.get("epaperId");
  // ?epaperId= without ?folder= opens the ePaper's own folder.
  const folderParam = url.searchParams.get("folder") ?? (tree && selectedId ? await folderOfEpaper(db, user.accountId, selectedId) : null);
  const requested = tree && folderParam ? await findFolder(db, user.accountId, folderParam) : null;
  const folder = requested ?? (root ? { id: root, name: null, parentId: null } : null);
  // A search looks through every folder; otherwise the grid shows the chosen folder (or everything without a tree).
  const listing = {
    accountId: user.accountId,
    folderId: search || !tree ? null : (folder?.id ?? null),
    folderIsRoot: folder?.id === root,
    search,
  };
  let page = Number(url.searchParams.get("page") ?? 1);
  if (selectedId) {
    const index = await indexOfEpaper(db, listing, selectedId);
    if (index !== null) page = pageOfIndex(index, size, true);
  }
  const grid = await listEpaperCards(db, {
    ...listing,
    size,
    page,
    uploadCard: true,
    hideDemoProcesses: !permissions.has("demoManagement"),
  });
  return data({
    metaTitle: t("workspace.metaTitle"),
    title: folder && folder.id !== root && folder.name ? folder.name : t("epaper.grid.title"),
    folderLabel: folder && folder.id !== root && folder.name ? folder.name : t("folders.root"),
    generated,
    storageDays: Math.round(TRY_IT_STORAGE_MS / DAY_MS),
    // The customer's page the embedded widget made this try-it account on (ADR 0052).
    widgetReturnUrl: generated ? await findWidgetReturnUrl(db, user.accountId) : null,
    testPhaseExpired: testPhaseExpired({ isGenerated: generated, createdAt: user.accountCreatedAt }),
    terms: await findTerms(db, getLocale(context)),
    grid: { ...grid, cards: grid.cards.map((card) => ({ ...card, canChange: cardActionsAllowed(subject, card) })) },
    size,
    search,
    selectedId,
    folderId: folder?.id ?? null,
    demoManagement: permissions.has("demoManagement"),
    canEdit: permissions.has("epaperDetails"),
    publishing: {
      canZip: permissions.has("gettingZip"),
      canPreviewLink: permissions.has("createPreviewLink"),
      canChannel: permissions.has("publishToChannel"),
      canOrder: permissions.has("payment"),
      zipContingent: user.zipContingent,
      // Without packages the zip dialog lists what they cost (issue 46): one small table, read only then.
      zipOffers: permissions.has("payment") && user.zipContingent === 0 ? await zipOfferTexts(db) : [],
      contentUrl: getEnv().CONTENT_URL,
      studioUrl: getEnv().PUBLIC_URL,
    },
    languages: await listEpaperLanguages(db),
    // The tree's root and the grid's count of the folder it lists: read once for both.
    folders: await loadFolderTree(db, studio, folder?.id ?? null, {
      root: rootFolder,
      epaperCount: listing.folderId && !search ? { folderId: listing.folderId, total: grid.total } : undefined,
    }),
    defaultLanguage: getLocale(context),
    documentUploadedAt: user.documentUploadedAt?.toISOString() ?? null,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

/** The try-it user's welcome panel: delete all ePapers, end the test. */
export const intents = z.discriminatedUnion("intent", [bareIntent(DELETE_ALL_EPAPERS_INTENT), bareIntent(END_TEST_PHASE_INTENT)]);

export async function action({ request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { user } = studioUserOf(context);
    const { intent } = parseIntent(await readForm(request), intents);
    // Both are try-it actions: a registered user's ePapers are deleted one by one, with their own checks.
    if (!user.isGenerated) throw data({ messageKey: "errors.forbidden" }, { status: 403 });
    if (intent === DELETE_ALL_EPAPERS_INTENT) return { deleted: await deleteAllEpapersOfAccount({ db, redis }, user.baseAccountId) };
    await endTestPhase({ db, blobs, redis }, user.id);
    // The user is gone with the account: the test ends on the product's website.
    throw redirect(getEnv().LANDING_URL, { headers: { "Set-Cookie": await destroySessionHeader() } });
  });
}

/** How long a processing card may go without any event before the grid is fetched again. */
const PROCESS_WATCH_MS = 10_000;

/** A grid cell: 220 px cards with 10 px margins; on phones one card fills the row (issue 15 §0c). */
const GRID_CELL_CLASS = "m-[10px] w-[calc(100%-20px)] sm:w-auto";

export default function EpaperWorkspace({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dialogs = useGeneratedUserDialogs();
  const [testPhaseOpen, setTestPhaseOpen] = useState(loaderData.testPhaseExpired);
  const [live, setLive] = useState<Record<string, LiveProgress>>({});
  const [previewRequest, setPreviewRequest] = useState<PreviewRequest & { epaperId: string }>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  useStudioEvent((event) => {
    if (event.type === "testPhaseExpired" && loaderData.generated) setTestPhaseOpen(true);
    if (event.type === "renderProgress") setLive((current) => ({ ...current, [event.epaperId]: event }));
    // A process that starts or ends changes the card (cover, status, overlay), and the list may
    // have changed elsewhere: fetch it again.
    if (event.type === "epaperProcess" || event.type === "republishingChangesDetected" || event.type === "refreshEpaperList")
      void revalidator.revalidate();
    // 'Open preview' (studio-core.md §7): the card of that ePaper opens its preview at the page.
    if (event.type === "openPreview") setPreviewRequest({ epaperId: event.epaperId, page: event.pageNumber, at: Date.now() });
  });
  // A safety net under the events: while a card is in process and no event came for a while
  // (the stream was not open yet when the process ended, say), the grid is fetched again.
  const processing = loaderData.grid.cards.some((card) => card.process.running);
  const lastEvent = useRef(Date.now());
  useStudioEvent(() => {
    lastEvent.current = Date.now();
  });
  const latestRevalidator = useRef(revalidator);
  latestRevalidator.current = revalidator;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      const current = latestRevalidator.current;
      if (Date.now() - lastEvent.current >= PROCESS_WATCH_MS && current.state === "idle") void current.revalidate();
    }, PROCESS_WATCH_MS / 2);
    return () => clearInterval(timer);
  }, [processing]);
  const gridRef = useGridSizing(loaderData.size);
  const openSignup = () => {
    setTestPhaseOpen(false);
    dialogs.setOpen("signup");
  };
  const { grid } = loaderData;
  // A try-it user's introduction is the welcome panel; the tour waits until the account is theirs (ADR 0037).
  useTour("epaper-grid-starting-tour", WORKSPACE_TOUR, !loaderData.generated && !testPhaseOpen && dialogs.open === null, noContainer);
  // The header (menus, logout) is the app shell's (studio-layout.tsx); this is the page itself.
  return (
    <main id="main" className="mx-auto w-full max-w-[1600px] flex-1 p-4 sm:p-6">
      <h1 className="mb-4 self-start text-2xl font-bold" data-tour="workspace-title">
        {loaderData.title}
      </h1>
      {loaderData.generated ? (
        <>
          <WelcomePanel storageDays={loaderData.storageDays} onSignup={openSignup} returnUrl={loaderData.widgetReturnUrl} />
          <TestPhaseDialog isOpen={testPhaseOpen} onOpenChange={setTestPhaseOpen} onSignup={openSignup} />
        </>
      ) : null}
      {/* Mounted for everyone: after the signup dialog converts the user, it still shows its outcome. */}
      <GeneratedUserDialogs open={dialogs.open} onClose={() => dialogs.setOpen(null)} terms={loaderData.terms} />
      {loaderData.search && grid.total === 0 ? (
        <p className="mb-4 text-slate-700">{t("epaper.grid.noResults", { search: loaderData.search })}</p>
      ) : null}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-6">
        {loaderData.folders ? (
          <FolderPanel
            tourTarget="folders"
            currentLabel={loaderData.folderLabel}
            tree={loaderData.folders.tree}
            canManageDemo={loaderData.folders.canManageDemo}
            selectedFolderId={loaderData.folderId}
            onSelect={(folderId) => void navigate({ search: `?folder=${encodeURIComponent(folderId)}` })}
            onSelectEpaper={(epaperId) => void navigate({ search: `?epaperId=${encodeURIComponent(epaperId)}` })}
            className="lg:w-72 lg:shrink-0"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <section aria-label={t("epaper.grid.label")} ref={gridRef} data-tour="epaper-grid">
            <ul className="-m-[10px] flex flex-wrap">
              {grid.page === 1 ? (
                <li className={GRID_CELL_CLASS}>
                  <UploadCard
                    languages={loaderData.languages}
                    defaultLanguage={loaderData.defaultLanguage}
                    folderId={loaderData.folderId}
                    generated={loaderData.generated}
                    cooldownFrom={loaderData.documentUploadedAt}
                  />
                </li>
              ) : null}
              {grid.cards.map((card) => (
                <li key={card.id} className={GRID_CELL_CLASS}>
                  <EpaperCard
                    card={card}
                    live={live[card.id]}
                    canChange={card.canChange}
                    canEdit={loaderData.canEdit}
                    demoManagement={loaderData.demoManagement}
                    publishing={loaderData.publishing}
                    selected={card.id === loaderData.selectedId}
                    previewRequest={previewRequest?.epaperId === card.id ? previewRequest : undefined}
                    t={t}
                    language={i18n.language}
                  />
                </li>
              ))}
            </ul>
          </section>
          {grid.total === 0 && !loaderData.search ? <p className="mt-6 text-slate-700">{t("epaper.grid.empty")}</p> : null}
          {grid.pageCount > 1 ? <Pagination page={grid.page} pageCount={grid.pageCount} clear="epaperId" /> : null}
        </div>
      </div>
    </main>
  );
}

/**
 * Keeps the page size equal to what fits the grid's area: measured after the first paint and
 * again 1 s after resizing stops; a different capacity is stored in a cookie (the loader reads
 * it; the address stays clean) and the data reloads. Scrolls a selected ePaper (?epaperId=) into
 * view.
 */
function useGridSizing(size: number) {
  const ref = useRef<HTMLElement | null>(null);
  const revalidator = useRevalidator();
  const latest = useRef({ size, revalidate: revalidator.revalidate });
  latest.current = { size, revalidate: revalidator.revalidate };
  useEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const capacity = gridCapacity(element.clientWidth + 2 * GRID_MARGIN_PX, Math.max(window.innerHeight - top, GRID_CELL_PX));
      if (capacity === latest.current.size) return;
      // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the loader reads; no Cookie Store API in every browser
      document.cookie = `${GRID_SIZE_COOKIE}=${capacity}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
      void latest.current.revalidate();
    };
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, GRID_RESIZE_DELAY_MS);
    };
    window.addEventListener("resize", onResize);
    ref.current?.querySelector("[data-selected='true']")?.scrollIntoView({ block: "center" });
    return () => {
      window.removeEventListener("resize", onResize);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}
