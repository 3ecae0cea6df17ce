import { type PointerEvent as ReactPointerEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import {
  type Frame,
  frameAfterKey,
  frameFromDrag,
  frameBox,
  type Handle,
  moveFrame,
  type PageSize,
  resizeFrame,
} from "#app/rules/click-area";
import type { MediaElement } from "#app/rules/media-element";

const HANDLES: { handle: Handle; className: string }[] = [
  { handle: "nw", className: "-left-2 -top-2 cursor-nwse-resize" },
  { handle: "ne", className: "-right-2 -top-2 cursor-nesw-resize" },
  { handle: "sw", className: "-bottom-2 -left-2 cursor-nesw-resize" },
  { handle: "se", className: "-bottom-2 -right-2 cursor-nwse-resize" },
];

type Gesture =
  | { kind: "move" | "resize"; id: string; handle: Handle; start: { x: number; y: number }; frame: Frame }
  | { kind: "draw"; start: { x: number; y: number }; current: { x: number; y: number } };

const percent = (value: number) => Math.round(value * 1000) / 10;

/**
 * The click areas on the page canvas (§4 'Resizing or moving the click box'; ADR 0031): each is a
 * focusable control — a click or Enter selects its media element, dragging moves it, the corner
 * handles resize it (mouse, pen and touch alike through pointer events), arrow keys move it and
 * Shift+arrow keys resize it, and every change is announced. Dragging on the free page draws a
 * new click area. Geometry comes from app/rules/click-area.ts: clamped to the page, 4 digits, at
 * least 10 px, never flipped.
 */
export function ClickAreaLayer(props: {
  page: PageSize;
  canvas: { width: number; height: number };
  elements: MediaElement[];
  frameOf: (element: MediaElement) => Frame;
  colors: { color: string; hover: string };
  selectedId: string | null;
  editable: boolean;
  onSelect: (id: string) => void;
  onMove: (element: MediaElement, frame: Frame) => void;
  onDraw: (frame: Frame) => void;
}) {
  const { t } = useTranslation();
  const instructionsId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const scale = props.canvas.width / (props.page.width || 1);
  const nameOf = (element: MediaElement) => element.title ?? t(`editor.kinds.${element.kind}`);

  const pointAt = (event: { clientX: number; clientY: number }) => {
    const box = layerRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const announce = (element: MediaElement, frame: Frame) =>
    setAnnouncement(
      t("media.canvas.moved", {
        name: nameOf(element),
        left: percent(frame.x1),
        top: percent(frame.y1),
        width: percent(frame.x2 - frame.x1),
        height: percent(frame.y2 - frame.y1),
      }),
    );

  const begin = (event: ReactPointerEvent, next: Gesture) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setGesture(next);
  };
  const gestureFrame = (current: Gesture, point: { x: number; y: number }): Frame | null => {
    if (current.kind === "draw") return null;
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    return current.kind === "move"
      ? moveFrame(current.frame, dx, dy)
      : resizeFrame(current.frame, current.handle, dx, dy, props.page, scale);
  };
  const [live, setLive] = useState<{ id: string; frame: Frame } | null>(null);

  const onPointerMove = (event: ReactPointerEvent) => {
    if (!gesture) return;
    const point = pointAt(event);
    if (gesture.kind === "draw") setGesture({ ...gesture, current: point });
    else {
      const frame = gestureFrame(gesture, point);
      if (frame) setLive({ id: gesture.id, frame });
    }
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (!gesture) return;
    const point = pointAt(event);
    setGesture(null);
    setLive(null);
    if (gesture.kind === "draw") {
      // A click on the free page is no drawing: at least a few pixels of drag.
      const dragged = Math.hypot((point.x - gesture.start.x) * props.canvas.width, (point.y - gesture.start.y) * props.canvas.height);
      if (dragged >= 6) props.onDraw(frameFromDrag(gesture.start, point, props.page, scale));
      return;
    }
    const element = props.elements.find((item) => item.id === gesture.id);
    const frame = gestureFrame(gesture, point);
    if (!element || !frame) return;
    if (JSON.stringify(frame) === JSON.stringify(props.frameOf(element))) return;
    props.onMove(element, frame);
    announce(element, frame);
  };

  const draft = gesture?.kind === "draw" ? frameFromDrag(gesture.start, gesture.current, props.page, scale) : null;
  return (
    <div
      ref={layerRef}
      className={`absolute inset-0 ${props.editable ? "cursor-crosshair" : ""}`}
      data-testid="click-area-layer"
      onPointerDown={(event) => {
        // A finger on the free page scrolls it; drawing takes a mouse or a pen ('add media item' is there for touch).
        if (!props.editable || event.pointerType === "touch") return;
        const point = pointAt(event);
        begin(event, { kind: "draw", start: point, current: point });
      }}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        setGesture(null);
        setLive(null);
      }}
    >
      <p id={instructionsId} className="sr-only">
        {t("media.canvas.instructions")}
      </p>
      {props.elements
        .filter((element) => element.frameActive)
        .map((element) => {
          const frame = live?.id === element.id ? live.frame : props.frameOf(element);
          const selected = element.id === props.selectedId;
          const name = nameOf(element);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a movable, resizable box is no native button; it takes arrow keys
            <div
              key={element.id}
              role="button"
              tabIndex={0}
              aria-label={t("editor.clickArea", { name })}
              aria-describedby={props.editable ? instructionsId : undefined}
              aria-pressed={selected}
              data-testid="click-area"
              data-frame={JSON.stringify(frame)}
              className={`absolute rounded-sm outline-none focus-visible:ring-4 focus-visible:ring-brand-600 hover:[background:var(--ep-hover)] ${
                selected ? "outline outline-2 outline-brand-600" : "outline outline-1 outline-slate-500/60"
              } ${props.editable ? "cursor-move touch-none" : ""}`}
              style={{ ...frameBox(frame), background: props.colors.color, ["--ep-hover" as string]: props.colors.hover }}
              onPointerDown={(event) => {
                props.onSelect(element.id);
                if (props.editable) begin(event, { kind: "move", id: element.id, handle: "se", start: pointAt(event), frame });
                else event.stopPropagation();
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  props.onSelect(element.id);
                  return;
                }
                if (!props.editable) return;
                const next = frameAfterKey(frame, event.key, event.shiftKey, props.page, scale);
                if (!next) return;
                event.preventDefault();
                props.onSelect(element.id);
                props.onMove(element, next);
                announce(element, next);
              }}
            >
              {selected && props.editable
                ? HANDLES.map(({ handle, className }) => (
                    <span
                      key={handle}
                      aria-hidden="true"
                      data-testid={`handle-${handle}`}
                      className={`absolute size-4 rounded-full border-2 border-white bg-brand-600 shadow ${className}`}
                      onPointerDown={(event) => begin(event, { kind: "resize", id: element.id, handle, start: pointAt(event), frame })}
                    />
                  ))
                : null}
            </div>
          );
        })}
      {draft ? (
        <div
          aria-hidden="true"
          className="absolute rounded-sm border-2 border-dashed border-brand-600 bg-brand-600/10"
          style={frameBox(draft)}
        />
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
