import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { DesignDocument, DesignElement, TextElement } from "@contract/creator/document";
import type { ElementQuality } from "@contract/creator/quality";
import type { PrintTemplate } from "@contract/creator/templates";
import { findElement, MM_PER_POINT, updateElement } from "~/lib/creator/editing";
import { fontFamily } from "~/lib/creator/fonts.client";
import {
  applyPinch,
  clamp,
  CORNERS,
  hitTest,
  panBy,
  pinch,
  resizeFromCorner,
  rotationTowards,
  type Corner,
  type Point,
  type TwoFingers,
} from "~/lib/creator/geometry";
import { DesignLayers } from "./design-layers";
import { PrintArea, stageBox } from "./print-area";

type Gesture =
  | { kind: "move" | "pan"; id: string; before: DesignDocument; start: DesignElement; from: Point }
  | { kind: "resize"; id: string; before: DesignDocument; start: DesignElement; corner: Corner }
  | { kind: "rotate"; id: string; before: DesignDocument; start: DesignElement }
  | { kind: "pinch"; id: string; before: DesignDocument; start: DesignElement; fingers: TwoFingers };

type StageProps = {
  document: DesignDocument;
  /** The page shown (an index into the document's pages), and what the product draws on it (a month's grid). */
  page: number;
  grid: readonly TextElement[];
  template: PrintTemplate;
  selectedId: string | null;
  quality: Map<string, ElementQuality>;
  /** Drags and pinches move the photo inside its frame instead of the frame. */
  adjusting: boolean;
  editingText: string | null;
  label: string;
  emptyFrameLabel: string;
  dpiLabel: (dpi: number) => string;
  onSelect: (id: string | null) => void;
  /**
   * A step of a gesture: shown at once, one undo step when it ends (`onGestureEnd` with the document it started from).
   */
  onPreview: (document: DesignDocument) => void;
  onGestureEnd: (before: DesignDocument) => void;
  onEditText: (id: string | null) => void;
  onTextInput: (id: string, text: string) => void;
};

const BADGE_COLOURS = {
  ok: ["#14532d", "#dcfce7"],
  warn: ["#78350f", "#fef3c7"],
  block: ["#7f1d1d", "#fee2e2"],
} as const;

/** The text's change for a box scaled from `start`: the type grows with it. */
function scaledText(start: TextElement, width: number) {
  const scale = width / start.width;
  return { sizePt: clamp(Math.round(start.sizePt * scale * 10) / 10, 4, 400), width, height: start.height * scale };
}

export function Stage(props: StageProps) {
  const { document, page, template, selectedId, quality, adjusting, editingText } = props;
  const elements = document.pages[page]?.elements ?? [];
  const svg = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const current = useRef(document);
  current.current = document;
  const callbacks = useRef(props);
  callbacks.current = props;
  // Millimetres per screen pixel, so handles and badges keep their size on screen at any zoom.
  const [mmPerPx, setMmPerPx] = useState(() => stageBox(template).width / 600);

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => setMmPerPx(stageBox(template).width / Math.max(1, element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [template]);

  const toMm = (event: { clientX: number; clientY: number }): Point => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };

  const elementNow = (id: string) => findElement(current.current, id);
  const change = (id: string, update: Partial<DesignElement>) =>
    callbacks.current.onPreview(updateElement(current.current, id, update));

  const startPinch = (id: string, before: DesignDocument) => {
    const [a, b] = [...pointers.current.values()];
    const start = elementNow(id);
    if (a && b && start) gesture.current = { kind: "pinch", id, before, start, fingers: [a, b] };
  };

  function onPointerDown(event: ReactPointerEvent<SVGSVGElement>) {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    const point = toMm(event);
    svg.current?.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 2) {
      const id = gesture.current?.id ?? selectedId;
      if (id) startPinch(id, gesture.current?.before ?? current.current);
      return;
    }
    if (pointers.current.size > 2) return;
    const handle = (event.target as Element).closest?.("[data-handle]")?.getAttribute("data-handle");
    const selected = selectedId ? elementNow(selectedId) : undefined;
    if (handle && selected) {
      gesture.current =
        handle === "rotate"
          ? { kind: "rotate", id: selected.id, before: current.current, start: selected }
          : { kind: "resize", id: selected.id, before: current.current, start: selected, corner: handle as Corner };
      return;
    }
    const hit = hitTest(elements, point, mmPerPx * 4);
    if (!hit) {
      callbacks.current.onSelect(null);
      gesture.current = null;
      return;
    }
    if (hit.id !== selectedId) callbacks.current.onSelect(hit.id);
    const panning = adjusting && hit.id === selectedId && hit.kind === "photo";
    gesture.current = { kind: panning ? "pan" : "move", id: hit.id, before: current.current, start: hit, from: point };
  }

  function onPointerMove(event: ReactPointerEvent<SVGSVGElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    const point = toMm(event);
    pointers.current.set(event.pointerId, point);
    const active = gesture.current;
    if (!active) return;
    const { start } = active;
    switch (active.kind) {
      case "move":
        return change(active.id, {
          x: Math.round((start.x + point.x - active.from.x) * 100) / 100,
          y: Math.round((start.y + point.y - active.from.y) * 100) / 100,
        });
      case "pan":
        if (start.kind === "photo")
          change(active.id, panBy(start, start, { x: point.x - active.from.x, y: point.y - active.from.y }));
        return;
      case "rotate":
        return change(active.id, { rotation: rotationTowards(start, point) });
      case "resize": {
        const box = resizeFromCorner(start, active.corner, point, start.kind !== "photo" || event.shiftKey);
        return change(active.id, start.kind === "text" ? { ...box, ...scaledText(start, box.width) } : box);
      }
      case "pinch": {
        const [a, b] = [...pointers.current.values()];
        if (!a || !b) return;
        const moved = pinch(active.fingers, [a, b]);
        if (adjusting && start.kind === "photo")
          return change(active.id, { zoom: clamp(start.zoom * moved.scale, 1, 10) });
        const next = applyPinch(start, moved);
        return change(active.id, start.kind === "text" ? { ...next, ...scaledText(start, next.width) } : next);
      }
    }
  }

  function onPointerEnd(event: ReactPointerEvent<SVGSVGElement>) {
    pointers.current.delete(event.pointerId);
    const active = gesture.current;
    if (!active) return;
    const [remaining] = [...pointers.current.values()];
    const now = elementNow(active.id);
    if (remaining && now) {
      // One finger lifted from a pinch: the other goes on moving (or panning) from where it is.
      gesture.current = {
        kind: adjusting && now.kind === "photo" ? "pan" : "move",
        id: active.id,
        before: active.before,
        start: now,
        from: remaining,
      };
      return;
    }
    gesture.current = null;
    callbacks.current.onGestureEnd(active.before);
  }

  const selected = selectedId ? elements.find((element) => element.id === selectedId) : undefined;
  const handle = mmPerPx * 9;
  const badgeSize = mmPerPx * 12;
  const editing = editingText
    ? elements.find((element): element is TextElement => element.id === editingText && element.kind === "text")
    : undefined;

  const overlay = (
    <>
      {elements.map((element) => {
        const check = quality.get(element.id);
        if (!check) return null;
        const badge = check.dpi !== null;
        if (!badge && !check.outsideSafeArea) return null;
        const [ink, paper] = BADGE_COLOURS[check.level];
        const text = badge ? props.dpiLabel(check.dpi!) : "";
        const badgeWidth = badgeSize * 0.62 * Math.max(6, text.length) + badgeSize * 0.6;
        return (
          <g
            key={element.id}
            transform={`translate(${element.x} ${element.y}) rotate(${element.rotation})`}
            pointerEvents="none"
          >
            {check.outsideSafeArea ? (
              <rect
                x={-element.width / 2}
                y={-element.height / 2}
                width={element.width}
                height={element.height}
                fill="none"
                stroke="#c2410c"
                strokeWidth={2}
                strokeDasharray="5 3"
                vectorEffect="non-scaling-stroke"
                data-outside-safe={element.id}
              />
            ) : null}
            {badge ? (
              <g
                transform={`translate(${-element.width / 2 + badgeSize * 0.3} ${-element.height / 2 + badgeSize * 0.3})`}
                data-dpi-badge={check.level}
              >
                <rect
                  width={badgeWidth}
                  height={badgeSize * 1.5}
                  rx={badgeSize * 0.3}
                  fill={paper}
                  stroke={ink}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
                <text
                  x={badgeSize * 0.3}
                  y={badgeSize * 1.1}
                  fontSize={badgeSize}
                  fill={ink}
                  fontFamily="sans-serif"
                  fontWeight={700}
                >
                  {text}
                </text>
              </g>
            ) : null}
          </g>
        );
      })}
      {selected && !editing ? (
        <g
          transform={`translate(${selected.x} ${selected.y}) rotate(${selected.rotation})`}
          data-selection={selected.id}
        >
          <rect
            x={-selected.width / 2}
            y={-selected.height / 2}
            width={selected.width}
            height={selected.height}
            fill="none"
            stroke="#2563eb"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            pointerEvents="none"
          />
          <line
            x1={0}
            y1={-selected.height / 2}
            x2={0}
            y2={-selected.height / 2 - handle * 2.5}
            stroke="#2563eb"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            pointerEvents="none"
          />
          <circle
            data-handle="rotate"
            cx={0}
            cy={-selected.height / 2 - handle * 2.5}
            r={handle * 0.75}
            fill="#ffffff"
            stroke="#2563eb"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            className="cursor-grab"
          />
          {CORNERS.map((corner) => (
            <rect
              key={corner}
              data-handle={corner}
              x={(corner.includes("w") ? -selected.width / 2 : selected.width / 2) - handle / 2}
              y={(corner.startsWith("n") ? -selected.height / 2 : selected.height / 2) - handle / 2}
              width={handle}
              height={handle}
              fill="#ffffff"
              stroke="#2563eb"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              className={corner === "nw" || corner === "se" ? "cursor-nwse-resize" : "cursor-nesw-resize"}
            />
          ))}
        </g>
      ) : null}
      {editing ? (
        <foreignObject
          x={editing.x - Math.max(editing.width, 40) / 2}
          y={editing.y - editing.height / 2}
          width={Math.max(editing.width, 40)}
          height={editing.height + editing.sizePt * MM_PER_POINT}
          transform={`rotate(${editing.rotation} ${editing.x} ${editing.y})`}
        >
          <textarea
            aria-label={props.label}
            // biome-ignore lint/a11y/noAutofocus: opened by the customer's double click to type the text, where the typing goes
            autoFocus
            value={editing.text}
            onChange={(event) => callbacks.current.onTextInput(editing.id, event.target.value)}
            onBlur={() => callbacks.current.onEditText(null)}
            onKeyDown={(event) => {
              if (event.key === "Escape") callbacks.current.onEditText(null);
            }}
            data-testid="text-in-place"
            className="block h-full w-full resize-none overflow-hidden border border-blue-600 bg-white/70 p-0 outline-none"
            style={{
              fontFamily: `${fontFamily(editing.font)}, sans-serif`,
              fontSize: `${editing.sizePt * MM_PER_POINT}px`,
              lineHeight: 1.25,
              fontWeight: editing.bold ? 700 : 400,
              fontStyle: editing.italic ? "italic" : "normal",
              color: editing.colour,
              textAlign: editing.align,
            }}
          />
        </foreignObject>
      ) : null}
    </>
  );

  return (
    <PrintArea
      template={template}
      background={document.background}
      label={props.label}
      svgRef={svg}
      overlay={overlay}
      className="block h-auto max-h-[68dvh] w-full touch-none select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={(event) => {
        const hit = hitTest(elements, toMm(event));
        if (hit?.kind === "text") props.onEditText(hit.id);
      }}
    >
      <DesignLayers elements={elements} idPrefix="stage" emptyLabel={props.emptyFrameLabel} hidden={editing?.id} />
      {props.grid.length ? (
        <g pointerEvents="none" data-calendar-grid="">
          <DesignLayers elements={props.grid} idPrefix="stage-grid" emptyLabel="" />
        </g>
      ) : null}
    </PrintArea>
  );
}
