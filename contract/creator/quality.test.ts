import { describe, expect, it } from "vitest";
import type { PhotoElement } from "./document";
import { designQuality, photoDpi } from "./quality";
import { printTemplate } from "./templates";

const frame = (change: Partial<PhotoElement>): PhotoElement => ({
  id: "p",
  kind: "photo",
  x: 50,
  y: 75,
  width: 50.8,
  height: 50.8,
  rotation: 0,
  upload: { id: "up_aaaaaaaaaaaaaaaaaaaaaaaa", width: 600, height: 600 },
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
  ...change,
});

describe("photo DPI", () => {
  it("is the photo's pixels over the inches it fills, and zooming in lowers it", () => {
    expect(photoDpi(frame({}))).toBe(300);
    expect(photoDpi(frame({ zoom: 2 }))).toBe(150);
    expect(photoDpi(frame({ upload: null }))).toBeNull();
  });

  it("warns under 150 and blocks under 100", () => {
    const template = printTemplate("photo-prints", "10x15");
    const document = {
      format: 2 as const,
      articleId: 101,
      size: "10x15",
      landscape: false,
      background: "#ffffff",
      pages: [
        { id: "p1", layout: null, elements: [frame({ id: "ok" }), frame({ id: "warn", zoom: 2.5 })] },
        { id: "p2", layout: null, elements: [frame({ id: "block", zoom: 4 })] },
      ],
      calendar: null,
    };
    const quality = designQuality(document, template);
    expect(quality.elements.map((element) => [element.level, element.page])).toEqual([
      ["ok", 1],
      ["warn", 1],
      ["block", 2],
    ]);
    expect(quality.blocking).toBe(true);
  });
});
