import { describe, expect, it } from "vitest";
import {
  designDocumentField,
  emptyDocument,
  type DesignDocument,
  type PhotoElement,
  type TextElement,
} from "./document";
import { designQuality, dpiLevel, outsideSafeArea, photoDpi } from "./quality";
import { MAX_PRINT_PIXELS, printPixels, printTemplate, sizeInMm, templateFor } from "./templates";

const photo = (overrides: Partial<PhotoElement> = {}): PhotoElement => ({
  id: "p1",
  kind: "photo",
  x: 50,
  y: 75,
  width: 104,
  height: 154,
  rotation: 0,
  upload: { id: "up_abcdefghijklmnopqrstuvwx", width: 1200, height: 1800 },
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
  ...overrides,
});
const text = (overrides: Partial<TextElement> = {}): TextElement => ({
  id: "t1",
  kind: "text",
  x: 50,
  y: 75,
  width: 60,
  height: 10,
  rotation: 0,
  text: "Hola",
  font: "roboto",
  sizePt: 18,
  colour: "#112233",
  align: "center",
  bold: false,
  italic: false,
  ...overrides,
});

describe("print templates", () => {
  it("reads sizes in centimetres and paper names, portrait", () => {
    expect(sizeInMm("30x40")).toEqual([300, 400]);
    expect(sizeInMm("a4")).toEqual([210, 297]);
    expect(sizeInMm("1000")).toBeNull();
  });

  it("prints a mug as a landscape wrap whatever its option, and turns a landscape design", () => {
    expect(printTemplate("mug", "30x40")).toMatchObject({ widthMm: 200, heightMm: 85, shape: "wrap" });
    expect(templateFor("poster", "50x70", true)).toMatchObject({ widthMm: 700, heightMm: 500 });
    expect(templateFor("mug", null, true)).toMatchObject({ widthMm: 200, heightMm: 85 });
  });

  it("makes a small print at 300 DPI and lowers a large format's resolution to fit one canvas", () => {
    expect(printPixels(printTemplate("photo-prints", "10x15"))).toEqual({ width: 1228, height: 1819, dpi: 300 });
    const poster = printPixels(printTemplate("poster", "70x100"));
    expect(poster.dpi).toBeLessThan(150);
    expect(poster.width * poster.height).toBeLessThanOrEqual(MAX_PRINT_PIXELS);
  });
});

describe("print quality", () => {
  const template = printTemplate("photo-prints", "10x15");

  it("measures a photo's DPI as it fills its frame, and zooming in lowers it", () => {
    expect(photoDpi(photo())).toBe(293);
    expect(photoDpi(photo({ zoom: 2 }))).toBe(146);
    expect(photoDpi(photo({ upload: null }))).toBeNull();
  });

  it("warns under 150 DPI and blocks under 100", () => {
    expect([dpiLevel(150), dpiLevel(149), dpiLevel(100), dpiLevel(99), dpiLevel(null)]).toEqual([
      "ok",
      "warn",
      "warn",
      "block",
      "ok",
    ]);
    const document: DesignDocument = {
      ...emptyDocument(101, "10x15"),
      pages: [{ id: "p1", layout: null, elements: [photo({ zoom: 4 })] }],
    };
    expect(designQuality(document, template)).toMatchObject({
      blocking: true,
      elements: [{ id: "p1", dpi: 73, level: "block" }],
    });
  });

  it("lets a photo run into the bleed but flags one cut part-way, and any text past the safe line", () => {
    expect(outsideSafeArea(photo(), template)).toBe(false);
    expect(outsideSafeArea(photo({ width: 100, x: 50 }), template)).toBe(true);
    expect(outsideSafeArea(text(), template)).toBe(false);
    expect(outsideSafeArea(text({ x: 24, width: 40 }), template)).toBe(false);
    expect(outsideSafeArea(text({ x: 23, width: 40 }), template)).toBe(true);
    expect(outsideSafeArea(text({ rotation: 90, width: 150 }), template)).toBe(true);
  });
});

describe("a design document in a form field", () => {
  it("is parsed and checked, and refused when it is broken, repeats ids or holds an unknown layer", () => {
    // Format 1 (one page's layers), as saved designs and device drafts kept it, reads as a document of one page.
    const { pages: _pages, calendar: _calendar, ...rest } = emptyDocument(101, "10x15");
    const good = { ...rest, format: 1, elements: [photo(), text()] };
    expect(designDocumentField.parse(JSON.stringify(good))).toEqual({
      ...emptyDocument(101, "10x15"),
      pages: [{ id: "p1", layout: null, elements: [photo(), text()] }],
    });
    expect(designDocumentField.safeParse("{not json").success).toBe(false);
    expect(designDocumentField.safeParse(JSON.stringify({ ...good, elements: [photo(), photo()] })).success).toBe(
      false,
    );
    expect(
      designDocumentField.safeParse(JSON.stringify({ ...good, elements: [{ ...text(), kind: "script" }] })).success,
    ).toBe(false);
    expect(designDocumentField.safeParse(JSON.stringify({ ...good, elements: [text({ sizePt: 1e9 })] })).success).toBe(
      false,
    );
    expect(designDocumentField.safeParse("x".repeat(600_000)).success).toBe(false);
  });
});
