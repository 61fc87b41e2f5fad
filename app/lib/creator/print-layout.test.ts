import { describe, expect, it } from "vitest";
import { printTemplate } from "@contract/creator/templates";
import { containPlacement, previewRaster, textLines, toPixels } from "./print-layout";

describe("preview layout", () => {
  it("puts the document's millimetres on the preview's pixels, the trim corner at the origin", () => {
    const raster = previewRaster(printTemplate("photo-prints", "10x15"));
    expect(toPixels(raster, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(toPixels(raster, 100, 150).y).toBeCloseTo(600);
  });

  it("makes the preview of the trimmed product with its long side at 600 px", () => {
    expect(previewRaster(printTemplate("mug", null))).toMatchObject({
      width: 600,
      height: 255,
      pxPerMm: 3,
      originX: 0,
    });
  });

  it("places text lines by alignment, one line height apart", () => {
    const lines = textLines({ text: "a\nb", sizePt: 72, align: "left", width: 100, height: 63.5 });
    expect(lines.map((line) => line.x)).toEqual([-50 + 2.54, -50 + 2.54]);
    expect(lines[1]!.baseline - lines[0]!.baseline).toBeCloseTo(31.75);
    expect(textLines({ text: "a", sizePt: 72, align: "right", width: 100, height: 10 })[0]!.x).toBeCloseTo(47.46);
    expect(textLines({ text: "a", sizePt: 72, align: "center", width: 100, height: 10 })[0]!.x).toBe(0);
  });

  it("fits artwork in its box without stretching", () => {
    expect(containPlacement({ width: 200, height: 100 }, { width: 50, height: 50 })).toEqual({
      x: -25,
      y: -12.5,
      width: 50,
      height: 25,
    });
  });
});
