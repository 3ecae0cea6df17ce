import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { STAGE_PADDING } from "../layout.ts";
import { useReader } from "../reader-context.ts";
import { chooseRendition, neededPixels } from "../renditions.ts";
import { type Direction, type LayoutMode, type Slots, type TurnLayers, turnLayers, turnSide } from "../spreads.ts";
import { clampPan, DOUBLE_TAP_ZOOM, RESET_VIEW, type View, zoomAround } from "../zoom.ts";
import { firstPagePainted } from "../first-paint.ts";
import { PageFace, PageView } from "./PageView.tsx";

type StageProps = {
  mode: LayoutMode;
  direction: Direction;
  slots: Slots;
  /** Identifies the spread shown; a change starts the page-turn. */
  anchor: number;
  /** Pages of the next spread, loaded ahead once the current one is shown. */
  preload: number[];
  view: View;
  setView: (update: (view: View) => View) => void;
  onTurn: (forward: boolean) => void;
  initialSrc?: string;
  onFirstImage: () => void;
};

type Point = { x: number; y: number };
type Gesture = {
  pointers: Map<number, Point>;
  start: { point: Point; view: View; moved: boolean; pointerType: string } | null;
  pinch: { distance: number; middle: Point; view: View } | null;
  /** After a pinch, the last finger lifting is neither a tap nor a swipe. */
  settling: boolean;
  lastTap: { point: Point; time: number } | null;
};

const SWIPE_DISTANCE = 40;
const TAP_SLOP = 8;
const DOUBLE_TAP_MS = 320;
/** Longest page-turn animation in styles.css plus slack: the turn ends even if no event comes. */
const TURN_FALLBACK_MS = 1200;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * The page area: lays out the spread, runs the page-turn (a leaf swinging over the spine on wide
 * screens, a slide on phones), and handles swipe, pinch, double-tap, pan and ctrl+wheel zoom.
 */
export function Stage(props: StageProps) {
  const { mode, direction, slots, anchor, preload, view, setView, onTurn, initialSrc, onFirstImage } = props;
  const { manifest } = useReader();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [dragX, setDragX] = useState(0);
  const [turn, setTurn] = useState<{ layers: TurnLayers; id: number } | null>(null);
  const [slide, setSlide] = useState<{ from: "left" | "right"; id: number } | null>(null);
  // Each slide gets a fresh element (so the animation restarts), which it keeps after the slide.
  const [slideKey, setSlideKey] = useState(0);
  const viewRef = useRef(view);
  viewRef.current = view;

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) {
      return;
    }
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Layout: every page of the spread gets the same height; the widest page sets the slot width.
  const shown = [slots.left, slots.right].filter((index): index is number => index !== null);
  const aspect = (index: number) => {
    const page = manifest.pages[index];
    return page ? page.width / page.height : Math.SQRT1_2;
  };
  const maxAspect = Math.max(0.1, ...shown.map(aspect));
  const columns = mode === "double" ? 2 : 1;
  const availableWidth = Math.max(0, box.width - 2 * STAGE_PADDING);
  const availableHeight = Math.max(0, box.height - 2 * STAGE_PADDING);
  const pageHeight = Math.floor(Math.min(availableHeight, availableWidth / columns / maxAspect));
  const slotWidth = Math.floor(pageHeight * maxAspect);
  const bookWidth = slotWidth * columns;
  const coverShift = mode === "double" && shown.length === 1 ? (slots.left === null ? -slotWidth / 2 : slotWidth / 2) : 0;
  const dpr = typeof devicePixelRatio === "number" ? devicePixelRatio : 1;
  const pixelsFor = (index: number, zoom: number) => neededPixels(pageHeight * aspect(index), dpr, zoom);

  // The view always stays within the content, whatever changed (zoom buttons, resize, turn).
  useEffect(() => {
    if (pageHeight <= 0) {
      return;
    }
    const clamped = clampPan(view, { width: bookWidth, height: pageHeight }, box);
    if (clamped.x !== view.x || clamped.y !== view.y) {
      setView(() => clamped);
    }
  }, [view, bookWidth, pageHeight, box, setView]);

  // Start the page-turn when the spread changes.
  const previous = useRef({ anchor, slots, mode });
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { anchor, slots, mode };
    if (before.anchor === anchor || before.mode !== mode || prefersReducedMotion()) {
      return;
    }
    const towards = turnSide(anchor > before.anchor, direction);
    const id = Date.now();
    if (mode === "double") {
      setTurn({ layers: turnLayers(before.slots, slots, towards), id });
    } else {
      setSlide({ from: towards === "left" ? "right" : "left", id });
      setSlideKey(id);
    }
  }, [anchor, slots, mode, direction]);

  useEffect(() => {
    if (!turn) {
      return;
    }
    const timer = setTimeout(() => setTurn(null), TURN_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [turn]);

  // Load the next spread ahead, at the size it will be shown; nothing further.
  useEffect(() => {
    if (pageHeight <= 0) {
      return;
    }
    let cancelled = false;
    firstPagePainted.then(() => {
      for (const index of cancelled ? [] : preload) {
        const page = manifest.pages[index];
        const rendition = page ? chooseRendition(page.images, pixelsFor(index, 1)) : null;
        if (rendition) {
          new Image().src = rendition.src;
        }
      }
    });
    return () => {
      cancelled = true;
    };
    // pixelsFor depends only on values listed here.
  }, [preload, pageHeight, manifest]);

  const firstImageDone = useRef(false);
  const firstImage = useCallback(() => {
    if (!firstImageDone.current) {
      firstImageDone.current = true;
      onFirstImage();
    }
  }, [onFirstImage]);

  // --- gestures -------------------------------------------------------------------------------
  const gesture = useRef<Gesture>({ pointers: new Map(), start: null, pinch: null, settling: false, lastTap: null });

  const focusOf = (point: Point): Point => {
    const rect = viewportRef.current?.getBoundingClientRect();
    if (!rect) {
      return { x: 0, y: 0 };
    }
    return { x: point.x - rect.left - rect.width / 2 - coverShift, y: point.y - rect.top - rect.height / 2 };
  };

  const toggleZoom = (point: Point) => {
    setView((current) => (current.zoom > 1 ? RESET_VIEW : zoomAround(current, DOUBLE_TAP_ZOOM, focusOf(point))));
  };

  const isControl = (target: EventTarget | null) =>
    target instanceof Element && target.closest("a, button, iframe, video, input, textarea, select") !== null;

  // Chrome turns a double tap into dblclick as well: only a mouse's dblclick may toggle the zoom.
  const lastPointerType = useRef("mouse");

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    lastPointerType.current = event.pointerType;
    if (isControl(event.target)) {
      return;
    }
    const mouse = event.pointerType === "mouse";
    // A mouse selects text or does nothing at zoom 1; it pans when zoomed (off the words).
    if (mouse && (event.button !== 0 || viewRef.current.zoom <= 1 || (event.target as Element).closest(".ep-text-layer span"))) {
      return;
    }
    const g = gesture.current;
    const point = { x: event.clientX, y: event.clientY };
    g.pointers.set(event.pointerId, point);
    if (g.pointers.size === 1) {
      g.settling = false;
      g.start = { point, view: viewRef.current, moved: false, pointerType: event.pointerType };
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      g.pinch = { distance: Math.max(1, distance(a, b)), middle: middle(a, b), view: viewRef.current };
      g.start = null;
      setDragX(0);
    }
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) {
      return;
    }
    const point = { x: event.clientX, y: event.clientY };
    g.pointers.set(event.pointerId, point);
    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      const pinch = g.pinch;
      const mid = middle(a, b);
      const zoomed = zoomAround(pinch.view, (pinch.view.zoom * distance(a, b)) / pinch.distance, focusOf(pinch.middle));
      setView(() => ({ ...zoomed, x: zoomed.x + mid.x - pinch.middle.x, y: zoomed.y + mid.y - pinch.middle.y }));
      return;
    }
    const start = g.start;
    if (!start) {
      return;
    }
    const dx = point.x - start.point.x;
    const dy = point.y - start.point.y;
    if (!start.moved && Math.hypot(dx, dy) > TAP_SLOP) {
      start.moved = true;
      viewportRef.current?.setPointerCapture(event.pointerId);
    }
    if (!start.moved) {
      return;
    }
    if (start.view.zoom > 1) {
      setView(() => ({ ...start.view, x: start.view.x + dx, y: start.view.y + dy }));
    } else {
      setDragX(dx);
    }
  };

  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.delete(event.pointerId)) {
      return;
    }
    if (g.pinch) {
      g.pinch = null;
      g.settling = true;
      return;
    }
    if (g.settling || event.type === "pointercancel") {
      g.start = null;
      setDragX(0);
      return;
    }
    const start = g.start;
    g.start = null;
    if (!start) {
      return;
    }
    const dx = event.clientX - start.point.x;
    if (start.moved) {
      setDragX(0);
      if (start.view.zoom <= 1 && Math.abs(dx) >= SWIPE_DISTANCE) {
        // Swiping to the left brings the page on the right: the next one in LTR, the previous in RTL.
        onTurn(dx < 0 === (direction === "ltr"));
      }
      return;
    }
    if (start.pointerType !== "mouse") {
      const point = { x: event.clientX, y: event.clientY };
      const last = g.lastTap;
      if (last && event.timeStamp - last.time < DOUBLE_TAP_MS && distance(last.point, point) < 30) {
        g.lastTap = null;
        toggleZoom(point);
      } else {
        g.lastTap = { point, time: event.timeStamp };
      }
    }
  };

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) {
      return;
    }
    // Non-passive: ctrl+wheel (and trackpad pinch) must not zoom the whole browser page.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        const rect = element.getBoundingClientRect();
        const focus = { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 };
        setView((current) => zoomAround(current, current.zoom * Math.exp(-event.deltaY / 300), focus));
      } else if (viewRef.current.zoom > 1) {
        event.preventDefault();
        setView((current) => ({ ...current, x: current.x - event.deltaX, y: current.y - event.deltaY }));
      }
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [setView]);

  // --- rendering ------------------------------------------------------------------------------
  const gesturing = dragX !== 0 || gesture.current.pinch !== null;
  const bookStyle = {
    width: bookWidth,
    height: pageHeight,
    transform: `translate(${coverShift + view.x + dragX}px, ${view.y}px) scale(${view.zoom})`,
  };
  const slotStyle = (side: "left" | "right") => ({ left: side === "left" ? 0 : slotWidth, width: slotWidth, height: pageHeight });
  const settledSlot = (side: "left" | "right", index: number | null) => {
    const page = index === null ? undefined : manifest.pages[index];
    if (!page || index === null) {
      return null;
    }
    return (
      <div key={`${side}-${index}`} className={`ep-slot ep-slot--${mode === "single" ? "single" : side}`} style={slotStyle(side)}>
        <PageView
          page={page}
          width={Math.floor(pageHeight * aspect(index))}
          height={pageHeight}
          pixels={pixelsFor(index, view.zoom)}
          initialSrc={index === 0 ? initialSrc : undefined}
          onImageLoad={firstImage}
        />
      </div>
    );
  };
  const face = (index: number | null) => {
    const page = index === null ? undefined : manifest.pages[index];
    return page && index !== null ? <PageFace page={page} pixels={pixelsFor(index, 1)} /> : null;
  };

  return (
    // Gestures add to the toolbar and keys, which do everything they do: the area itself is no control.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      ref={viewportRef}
      className={`ep-viewport ${view.zoom > 1 ? "ep-viewport--zoomed" : ""}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={(event) => {
        const mouse = lastPointerType.current === "mouse";
        if (mouse && !isControl(event.target) && !(event.target as Element).closest(".ep-text-layer span")) {
          toggleZoom({ x: event.clientX, y: event.clientY });
        }
      }}
    >
      {pageHeight > 0 ? (
        <div className={`ep-book ${gesturing ? "" : "ep-book--settle"}`} style={bookStyle} data-mode={mode}>
          <div
            key={slideKey}
            className={`ep-spread ${turn ? "ep-spread--waiting" : ""} ${slide ? `ep-slide-from-${slide.from}` : ""}`}
            onAnimationEnd={() => setSlide(null)}
          >
            {mode === "single" ? settledSlot("left", slots.left) : [settledSlot("left", slots.left), settledSlot("right", slots.right)]}
          </div>
          {turn ? (
            <div className="ep-turn" aria-hidden="true">
              {turn.layers.under.left !== null ? (
                <div className="ep-slot ep-slot--left" style={slotStyle("left")}>
                  {face(turn.layers.under.left)}
                </div>
              ) : null}
              {turn.layers.under.right !== null ? (
                <div className="ep-slot ep-slot--right" style={slotStyle("right")}>
                  {face(turn.layers.under.right)}
                </div>
              ) : null}
              <div
                key={turn.id}
                className={`ep-leaf ep-leaf--${turn.layers.leafSide}`}
                style={slotStyle(turn.layers.leafSide)}
                onAnimationEnd={() => setTurn(null)}
              >
                <div className={`ep-leaf-face ep-leaf-front ep-slot--${turn.layers.leafSide}`}>{face(turn.layers.leafFront)}</div>
                <div className={`ep-leaf-face ep-leaf-back ep-slot--${turn.layers.leafSide === "left" ? "right" : "left"}`}>
                  {face(turn.layers.leafBack)}
                </div>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
