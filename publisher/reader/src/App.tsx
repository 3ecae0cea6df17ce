import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { readableControls } from "../../src/contrast.ts";
import type { ReaderManifest } from "../../src/manifest.ts";
import { CookieBanner } from "./components/CookieBanner.tsx";
import { MediaBar } from "./components/MediaBar.tsx";
import { EnrichmentDialog, GalleryDialog } from "./components/Overlays.tsx";
import { HtmlDialog, SearchDialog, ThumbnailsDialog, TocDialog } from "./components/Panels.tsx";
import { ShareDialog } from "./components/ShareDialog.tsx";
import { Stage } from "./components/Stage.tsx";
import { TextOffer, TextView } from "./components/TextView.tsx";
import { Header, Toolbar } from "./components/Toolbar.tsx";
import { formatPageHash, parseReaderHash } from "./deep-link.ts";
import { releaseFirstPaint } from "./first-paint.ts";
import { type DialogState, type Reader, ReaderContext } from "./reader-context.ts";
import { hasMediaBar } from "./layout.ts";
import { textScripts, wordScripts } from "./script-loader.ts";
import { anchorOf, buildSpreads, chooseLayoutMode, nextSide, slotsOf, spreadIndexOf } from "./spreads.ts";
import { statPages } from "./stats.ts";
import { DEFAULT_TEXT_SETTINGS, stepTextSize, type TextSettings } from "./text-view.ts";
import { format, textsFor } from "./texts.ts";
import { clampZoom, RESET_VIEW, type View, ZOOM_STEP, zoomAround } from "./zoom.ts";

type AppProps = {
  manifest: ReaderManifest;
  /** The static first page's image URL (from index.html), reused so the takeover does not flash. */
  initialSrc?: string;
  onFirstImage: () => void;
};

function windowSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** A phone held upright: where a printed page is hardest to read (issue 47: the text view is offered). */
function isPhonePortrait(): boolean {
  return window.innerWidth < 600 && window.innerHeight > window.innerWidth;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

export function App({ manifest, initialSrc, onFirstImage }: AppProps) {
  const texts = useMemo(() => textsFor(manifest.language), [manifest.language]);
  const words = useMemo(() => wordScripts(manifest.pages.map((page) => page.words)), [manifest]);
  const blocks = useMemo(() => textScripts(manifest.pages.map((page) => page.text)), [manifest]);
  const count = manifest.pages.length;
  const direction = manifest.direction === "rtl" ? "rtl" : "ltr";

  const [size, setSize] = useState(windowSize);
  useEffect(() => {
    const onResize = () => setSize(windowSize());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  const mode = chooseLayoutMode(size.width, size.height);
  const spreads = useMemo(() => buildSpreads(count, mode), [count, mode]);

  const [pageIndex, setPageIndex] = useState(() => parseReaderHash(window.location.hash, count)?.pageIndex ?? 0);
  // The text view (issue 47): on by its deep link or the toolbar; its settings last the visit, in memory only.
  const [textView, setTextView] = useState(() => parseReaderHash(window.location.hash, count)?.text ?? false);
  const [textSettings, setTextSettings] = useState<TextSettings>(DEFAULT_TEXT_SETTINGS);
  const textAvailable = useMemo(() => manifest.pages.some((page) => page.text !== undefined), [manifest]);
  const [offer, setOffer] = useState(() => textAvailable && !textView && isPhonePortrait());
  const textSize = useCallback(
    (larger: boolean) => setTextSettings((current) => ({ ...current, size: stepTextSize(current.size, larger) })),
    [],
  );
  const spreadIndex = spreadIndexOf(spreads, pageIndex);
  const spread = spreads[spreadIndex] ?? [0];
  const anchor = anchorOf(spread);
  const slots = useMemo(() => slotsOf(spread, mode, count, direction), [spread, mode, count, direction]);
  const nextSpread = spreads[spreadIndex + 1];
  const preload = useMemo(() => nextSpread ?? [], [nextSpread]);

  const [view, setViewState] = useState<View>(RESET_VIEW);
  const setView = useCallback((update: (view: View) => View) => setViewState(update), []);
  const [dialog, setDialog] = useState<DialogState | null>(() =>
    manifest.settings.toc.enabled && manifest.settings.toc.autostart && manifest.toc.length > 0 ? { kind: "toc" } : null,
  );
  const [query, setQuery] = useState("");
  const [highlight, setHighlight] = useState("");

  const goTo = useCallback(
    (index: number) => {
      if (Number.isInteger(index) && index >= 0 && index < count) {
        setPageIndex(index);
      }
    },
    [count],
  );
  const turn = useCallback(
    (forward: boolean) => {
      setPageIndex((current) => {
        const target = spreads[spreadIndexOf(spreads, current) + (forward ? 1 : -1)];
        return target ? anchorOf(target) : current;
      });
    },
    [spreads],
  );

  // A new spread starts unzoomed; turning a page answers the text view's offer too.
  const firstAnchor = useRef(anchor);
  useEffect(() => {
    setViewState(RESET_VIEW);
    if (anchor !== firstAnchor.current) setOffer(false);
  }, [anchor]);
  // The text view replaces the pages at once: the static first page has nothing left to wait for.
  useEffect(() => {
    if (textView) {
      releaseFirstPaint();
      onFirstImage();
    }
  }, [textView, onFirstImage]);

  // Each page of the spread on screen counts its time (statistics, issue 31).
  const shown = spread.join();
  useEffect(() => statPages(spread), [shown]);

  // The address follows the page (replaceState: turning pages must not fill the back button).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const hash = formatPageHash(pageIndex, textView);
    if (window.location.hash !== hash) {
      // Against this address, not the document's <base> (the content origin's bare address names the revision there).
      const address = new URL(hash, window.location.href).href;
      try {
        window.history.replaceState(null, "", address);
      } catch {
        window.location.replace(address);
      }
    }
  }, [pageIndex, textView]);
  useEffect(() => {
    const onHashChange = () => {
      const location = parseReaderHash(window.location.hash, count);
      if (location !== null) {
        setPageIndex(location.pageIndex);
        setTextView(location.text);
      }
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [count]);

  const zoomBy = useCallback((factor: number) => {
    setViewState((current) => zoomAround(current, clampZoom(current.zoom * factor), { x: 0, y: 0 }));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isTyping(event.target) || document.querySelector("dialog[open]")) {
        return;
      }
      const towardsNext = nextSide(direction) === "right" ? "ArrowRight" : "ArrowLeft";
      const towardsPrevious = towardsNext === "ArrowRight" ? "ArrowLeft" : "ArrowRight";
      const actions: Record<string, () => void> = {
        [towardsNext]: () => turn(true),
        [towardsPrevious]: () => turn(false),
        // The text view scrolls: Page Up/Down, Home and End are the browser's there.
        ...(textView ? {} : { PageDown: () => turn(true), PageUp: () => turn(false), Home: () => goTo(0), End: () => goTo(count - 1) }),
        ...(textView
          ? {
              "+": () => textSize(true),
              "=": () => textSize(true),
              "-": () => textSize(false),
              "0": () => setTextSettings((current) => ({ ...current, size: DEFAULT_TEXT_SETTINGS.size })),
            }
          : {
              "+": () => zoomBy(ZOOM_STEP),
              "=": () => zoomBy(ZOOM_STEP),
              "-": () => zoomBy(1 / ZOOM_STEP),
              "0": () => setViewState(RESET_VIEW),
              Escape: () => setViewState(RESET_VIEW),
            }),
      };
      const action = event.ctrlKey || event.metaKey ? undefined : actions[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [direction, turn, goTo, count, zoomBy, textView, textSize]);

  // The customer's own JavaScript runs once the reader is on screen (on the content origin).
  useEffect(() => {
    const code = manifest.settings.custom.javascript;
    if (code) {
      const script = document.createElement("script");
      script.textContent = code;
      script.dataset.epCustom = "";
      document.body.appendChild(script);
    }
  }, [manifest]);

  const reader: Reader = useMemo(
    () => ({ manifest, texts, words, blocks, goTo, openDialog: setDialog, highlight }),
    [manifest, texts, words, blocks, goTo, highlight],
  );

  const labels = spread.map((index) => manifest.pages[index]?.label).filter((label): label is string => Boolean(label));
  const positions = spread.map((index) => String(index + 1));
  const announcement = format(spread.length > 1 ? texts.pagesOf : texts.pageOf, {
    page: (labels.length === spread.length ? labels : positions).join("–"),
    total: count,
  });

  const { settings } = manifest;
  const themeStyle: Record<string, string> = {
    "--ep-ui": settings.interfaceColor,
    // The publisher already chose readable controls; a bundle made before that rule still reads.
    "--ep-ui-fg": readableControls(settings.interfaceColor, settings.darkControls).foreground,
    "--ep-area": settings.clickAreaColor,
    "--ep-area-hover": settings.clickAreaHoverColor,
  };
  const closeDialog = () => setDialog(null);
  const mediaBar = hasMediaBar(manifest);

  return (
    <ReaderContext.Provider value={reader}>
      <div className={`ep-app ep-app--${mode} ${mediaBar ? "ep-app--media-bar" : ""}`} style={themeStyle} data-direction={direction}>
        <Header onOpen={setDialog} />
        <main className="ep-main" aria-label={manifest.name}>
          {offer ? (
            <TextOffer
              onAccept={() => {
                setOffer(false);
                setTextView(true);
              }}
              onDismiss={() => setOffer(false)}
            />
          ) : null}
          {textView ? (
            <TextView spread={spread} settings={textSettings} onSettings={setTextSettings} onTurn={turn} direction={direction} />
          ) : (
            <Stage
              mode={mode}
              direction={direction}
              slots={slots}
              anchor={anchor}
              preload={preload}
              view={view}
              setView={setView}
              onTurn={turn}
              initialSrc={initialSrc}
              onFirstImage={onFirstImage}
            />
          )}
          {/* The text view shows each page's media in its text. */}
          {textView ? null : <MediaBar pages={spread} />}
          <div className="ep-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="page-announcement">
            {announcement}
          </div>
        </main>
        <Toolbar
          spread={spread}
          labels={labels}
          announcement={announcement}
          atStart={spreadIndex === 0}
          atEnd={spreadIndex >= spreads.length - 1}
          zoom={view.zoom}
          onTurn={turn}
          onZoom={zoomBy}
          onOpen={setDialog}
          text={{
            on: textView,
            available: textAvailable,
            size: textSettings.size,
            onToggle: () => {
              setOffer(false);
              setTextView(!textView);
            },
            onSize: textSize,
          }}
        />
        <CookieBanner />
        {dialog?.kind === "thumbnails" ? <ThumbnailsDialog current={spread} onClose={closeDialog} /> : null}
        {dialog?.kind === "toc" ? <TocDialog onClose={closeDialog} /> : null}
        {dialog?.kind === "search" ? (
          <SearchDialog
            query={query}
            onQuery={(value) => {
              setQuery(value);
              setHighlight(value.trim());
            }}
            onClose={closeDialog}
          />
        ) : null}
        {dialog?.kind === "share" ? <ShareDialog pageIndex={spread[0] ?? 0} onClose={closeDialog} /> : null}
        {dialog?.kind === "imprint" && settings.imprint ? (
          <HtmlDialog title={texts.imprint} content={settings.imprint} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === "privacy" && settings.privacyPolicy ? (
          <HtmlDialog title={texts.privacy} content={settings.privacyPolicy} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === "gallery" ? <GalleryDialog galleryId={dialog.galleryId} title={dialog.title} onClose={closeDialog} /> : null}
        {dialog?.kind === "enrichment" ? <EnrichmentDialog enrichment={dialog.enrichment} onClose={closeDialog} /> : null}
      </div>
    </ReaderContext.Provider>
  );
}
