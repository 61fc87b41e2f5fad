import { describe, expect, it } from "vitest";
import type { DesignElement, PhotoElement } from "@contract/creator/document";
import {
  applyPinch,
  contains,
  cornerPoint,
  hitTest,
  normaliseRotation,
  panBy,
  photoPlacement,
  pinch,
  resizeFromCorner,
  rotationTowards,
  toLocal,
} from "./geometry";

const box = (id: string, x: number, y: number, width: number, height: number, rotation = 0): DesignElement =>
  ({ id, kind: "art", src: "/images/designs/easter.svg", x, y, width, height, rotation }) as DesignElement;
const photo = (change: Partial<PhotoElement> = {}): PhotoElement => ({
  id: "p",
  kind: "photo",
  x: 50,
  y: 50,
  width: 100,
  height: 50,
  rotation: 0,
  upload: { id: "up_aaaaaaaaaaaaaaaaaaaaaaaa", width: 1000, height: 1000 },
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
  ...change,
});

describe("hit testing", () => {
  it("finds the topmost element under a point, and none outside them all", () => {
    const elements = [box("bottom", 50, 50, 100, 100), box("top", 60, 60, 20, 20)];
    expect(hitTest(elements, { x: 60, y: 60 })?.id).toBe("top");
    expect(hitTest(elements, { x: 10, y: 10 })?.id).toBe("bottom");
    expect(hitTest(elements, { x: 120, y: 10 })).toBeNull();
  });

  it("follows an element's rotation: a corner of the upright box is outside the turned one", () => {
    const turned = box("t", 0, 0, 100, 10, 90);
    expect(contains(turned, { x: 0, y: 45 })).toBe(true);
    expect(contains(turned, { x: 45, y: 0 })).toBe(false);
    expect(toLocal(turned, { x: 0, y: 10 })).toEqual({ x: expect.closeTo(10, 6), y: expect.closeTo(0, 6) });
  });
});

describe("a photo in its frame", () => {
  it("fill covers the frame and pans within the overflow; fit shows the whole photo", () => {
    const filled = photoPlacement({ ...photo(), upload: photo().upload! });
    expect(filled).toMatchObject({ width: 100, height: 100, overflowX: 0, overflowY: 25, x: -50, y: -50 });
    const panned = photoPlacement({ ...photo({ panY: 1 }), upload: photo().upload! });
    expect(panned.y).toBe(-75);
    const fitted = photoPlacement({ ...photo({ fit: "fit" }), upload: photo().upload! });
    expect(fitted).toMatchObject({ width: 50, height: 50, overflowX: 0, overflowY: 0 });
    const zoomed = photoPlacement({ ...photo({ zoom: 2 }), upload: photo().upload! });
    expect(zoomed).toMatchObject({ width: 200, height: 200, overflowX: 50, overflowY: 75 });
  });

  it("a drag pans the image with the finger, within its edges, in a turned frame too", () => {
    const frame = photo({ zoom: 2 });
    const right = panBy(frame, { panX: 0, panY: 0 }, { x: 25, y: 0 });
    expect(right.panX).toBeCloseTo(-0.5);
    expect(right.panY).toBeCloseTo(0);
    const far = panBy(frame, { panX: 0, panY: 0 }, { x: 500, y: -500 });
    expect([far.panX, far.panY]).toEqual([-1, 1]);
    const turned = photo({ zoom: 2, rotation: 90 });
    // Down the page is along the turned frame's x axis.
    expect(panBy(turned, { panX: 0, panY: 0 }, { x: 0, y: 25 }).panX).toBeCloseTo(-0.5);
  });
});

describe("handles", () => {
  it("a corner resizes with the opposite corner fixed", () => {
    const element = box("b", 50, 50, 20, 10);
    const resized = resizeFromCorner(element, "se", { x: 80, y: 75 }, false);
    expect(resized).toEqual({ x: 60, y: 60, width: 40, height: 30 });
    expect(cornerPoint({ ...element, ...resized, rotation: 0 }, "nw")).toEqual({ x: 40, y: 45 });
  });

  it("keeps the aspect when asked, and never goes below the smallest size", () => {
    const element = box("b", 50, 50, 20, 10);
    expect(resizeFromCorner(element, "se", { x: 100, y: 60 }, true)).toEqual({ x: 70, y: 60, width: 60, height: 30 });
    expect(resizeFromCorner(element, "se", { x: 0, y: 0 }, false)).toMatchObject({ width: 5, height: 5 });
  });

  it("keeps the opposite corner fixed on a turned element", () => {
    const element = box("b", 0, 0, 20, 10, 30);
    const fixed = cornerPoint(element, "nw");
    const resized = resizeFromCorner(
      element,
      "se",
      cornerPoint({ ...element, width: 40, height: 20, x: 0, y: 0 }, "se"),
      false,
    );
    const after = cornerPoint({ ...element, ...resized }, "nw");
    expect(after.x).toBeCloseTo(fixed.x, 1);
    expect(after.y).toBeCloseTo(fixed.y, 1);
  });

  it("rotation points the top handle at the pointer, snapping near multiples of 15°", () => {
    expect(rotationTowards({ x: 0, y: 0 }, { x: 0, y: -10 })).toBe(0);
    expect(rotationTowards({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(90);
    expect(rotationTowards({ x: 0, y: 0 }, { x: -10, y: 0.5 })).toBe(-90);
    expect(normaliseRotation(361)).toBe(0);
    expect(normaliseRotation(52)).toBe(52);
    expect(normaliseRotation(47)).toBe(45);
    expect(normaliseRotation(-181, false)).toBe(179);
  });
});

describe("two fingers", () => {
  it("spread, turn and move become scale, rotation and translation", () => {
    const gesture = pinch(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: 5, y: 5 },
        { x: 5, y: 25 },
      ],
    );
    expect(gesture.scale).toBeCloseTo(2);
    expect(gesture.rotation).toBeCloseTo(90);
    expect(gesture.dx).toBeCloseTo(0);
    expect(gesture.dy).toBeCloseTo(15);
    const moved = applyPinch(box("b", 10, 10, 20, 10, 10), gesture);
    expect(moved).toEqual({ x: 10, y: 25, width: 40, height: 20, rotation: 100 });
  });

  it("crossing ±180° turns the short way", () => {
    const gesture = pinch(
      [
        { x: 0, y: 0 },
        { x: -10, y: 1 },
      ],
      [
        { x: 0, y: 0 },
        { x: -10, y: -1 },
      ],
    );
    expect(Math.abs(gesture.rotation)).toBeLessThan(15);
  });
});
