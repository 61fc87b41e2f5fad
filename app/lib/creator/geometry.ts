import type { DesignElement, PhotoElement } from "@contract/creator/document";
import { photoPlacement } from "@contract/creator/layout";

/**
 * The creator's geometry, in the document's millimetres: which element a point falls on, where a photo sits in its
 * frame, and what a drag, a corner handle or two fingers do to an element. Pure, so the editor and its tests agree.
 */

export type Point = { x: number; y: number };
type Box = Pick<DesignElement, "x" | "y" | "width" | "height" | "rotation">;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (angle: number) => (angle * 180) / Math.PI;
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 100) / 100;

/** A point in the element's own frame: origin at its centre, axes turned with it. */
export function toLocal(element: Box, point: Point): Point {
  const dx = point.x - element.x;
  const dy = point.y - element.y;
  const angle = -radians(element.rotation);
  return { x: dx * Math.cos(angle) - dy * Math.sin(angle), y: dx * Math.sin(angle) + dy * Math.cos(angle) };
}

/** A vector of the page turned into the element's frame (a drag, seen from inside a turned frame). */
export function vectorToLocal(rotation: number, vector: Point): Point {
  return toLocal({ x: 0, y: 0, width: 0, height: 0, rotation }, vector);
}

export function contains(element: Box, point: Point, slack = 0): boolean {
  const local = toLocal(element, point);
  return Math.abs(local.x) <= element.width / 2 + slack && Math.abs(local.y) <= element.height / 2 + slack;
}

/** The topmost element under the point (elements are bottom-first), or null. */
export function hitTest(elements: readonly DesignElement[], point: Point, slack = 0): DesignElement | null {
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    if (contains(element, point, slack)) return element;
  }
  return null;
}

/** Shared with the server's print file (contract/creator/layout.ts). */
export { photoPlacement };

/** A drag of the image inside its frame (page millimetres): the pan that keeps the image under the finger. */
export function panBy(
  photo: PhotoElement,
  start: { panX: number; panY: number },
  drag: Point,
): { panX: number; panY: number } {
  if (!photo.upload) return start;
  const { overflowX, overflowY } = photoPlacement({ ...photo, upload: photo.upload });
  const local = vectorToLocal(photo.rotation, drag);
  return {
    panX: overflowX > 0 ? clamp(start.panX - local.x / overflowX, -1, 1) : 0,
    panY: overflowY > 0 ? clamp(start.panY - local.y / overflowY, -1, 1) : 0,
  };
}

export const CORNERS = ["nw", "ne", "se", "sw"] as const;
export type Corner = (typeof CORNERS)[number];
const CORNER_SIGNS: Record<Corner, [number, number]> = { nw: [-1, -1], ne: [1, -1], se: [1, 1], sw: [-1, 1] };

/** A corner handle's position on the page. */
export function cornerPoint(element: Box, corner: Corner): Point {
  const [sx, sy] = CORNER_SIGNS[corner];
  const angle = radians(element.rotation);
  const lx = (sx * element.width) / 2;
  const ly = (sy * element.height) / 2;
  return {
    x: element.x + lx * Math.cos(angle) - ly * Math.sin(angle),
    y: element.y + lx * Math.sin(angle) + ly * Math.cos(angle),
  };
}

export const MIN_SIZE_MM = 5;

/**
 * Dragging a corner to `point` while the opposite corner stays put. `keepAspect` scales both sides alike (text, and
 * anything the shopper resizes with the aspect locked).
 */
export function resizeFromCorner(
  element: Box,
  corner: Corner,
  point: Point,
  keepAspect: boolean,
): Pick<Box, "x" | "y" | "width" | "height"> {
  const [sx, sy] = CORNER_SIGNS[corner];
  const opposite = { x: (-sx * element.width) / 2, y: (-sy * element.height) / 2 };
  const local = toLocal(element, point);
  let width = Math.max(MIN_SIZE_MM, (local.x - opposite.x) * sx);
  let height = Math.max(MIN_SIZE_MM, (local.y - opposite.y) * sy);
  if (keepAspect) {
    const scale = Math.max(
      MIN_SIZE_MM / Math.min(element.width, element.height),
      Math.max(width / element.width, height / element.height),
    );
    width = element.width * scale;
    height = element.height * scale;
  }
  const centreLocal = { x: opposite.x + (sx * width) / 2, y: opposite.y + (sy * height) / 2 };
  const angle = radians(element.rotation);
  return {
    x: round(element.x + centreLocal.x * Math.cos(angle) - centreLocal.y * Math.sin(angle)),
    y: round(element.y + centreLocal.x * Math.sin(angle) + centreLocal.y * Math.cos(angle)),
    width: round(width),
    height: round(height),
  };
}

/** Normalised to -180..180, and snapped to a multiple of 15° within 3° of it. */
export function normaliseRotation(angle: number, snap = true): number {
  let value = ((((angle + 180) % 360) + 360) % 360) - 180;
  const nearest = Math.round(value / 15) * 15;
  if (snap && Math.abs(nearest - value) < 3) value = nearest;
  return round(value === -180 ? 180 : value);
}

/** The rotation that points the handle above the element's top edge at `point`. */
export function rotationTowards(centre: Point, point: Point): number {
  return normaliseRotation(degrees(Math.atan2(point.y - centre.y, point.x - centre.x)) + 90);
}

export type TwoFingers = [Point, Point];

/** Two fingers moved from `start` to `now`: how much they spread, turned, and moved their midpoint. */
export function pinch(start: TwoFingers, now: TwoFingers) {
  const span = (pair: TwoFingers) => Math.hypot(pair[1].x - pair[0].x, pair[1].y - pair[0].y);
  const angle = (pair: TwoFingers) => Math.atan2(pair[1].y - pair[0].y, pair[1].x - pair[0].x);
  const mid = (pair: TwoFingers) => ({ x: (pair[0].x + pair[1].x) / 2, y: (pair[0].y + pair[1].y) / 2 });
  const startSpan = span(start);
  const scale = startSpan > 0 ? span(now) / startSpan : 1;
  let turn = degrees(angle(now) - angle(start));
  if (turn > 180) turn -= 360;
  if (turn < -180) turn += 360;
  const from = mid(start);
  const to = mid(now);
  return { scale, rotation: turn, dx: to.x - from.x, dy: to.y - from.y };
}

/** An element as two fingers leave it: moved with their midpoint, scaled by their spread and turned with them. */
export function applyPinch<T extends Box>(
  element: T,
  gesture: ReturnType<typeof pinch>,
): Pick<Box, "x" | "y" | "width" | "height" | "rotation"> {
  const scale = Math.max(gesture.scale, MIN_SIZE_MM / Math.min(element.width, element.height));
  return {
    x: round(element.x + gesture.dx),
    y: round(element.y + gesture.dy),
    width: round(element.width * scale),
    height: round(element.height * scale),
    rotation: normaliseRotation(element.rotation + gesture.rotation, false),
  };
}
