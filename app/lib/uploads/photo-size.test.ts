import { describe, expect, it } from "vitest";
import { printTemplate } from "@contract/creator/templates";
import { CROP_HEADROOM, photoLongSideFor, sizeToSend } from "./photo-size";

describe("the size a phone photo is sent at", () => {
  it("is the print area's long side with its bleed, at the print resolution, with room to crop", () => {
    // 10 x 15 cm photo print, 2 mm bleed, 300 DPI: 154 mm is 1819 px; with the headroom 2729.
    expect(photoLongSideFor(printTemplate("photo-prints", "10x15"))).toBe(Math.ceil((154 / 25.4) * 300 * 1.5));
    expect(photoLongSideFor(printTemplate("photo-prints", "10x15"))).toBe(2729);
    // A 70 x 100 cm poster at 150 DPI (3 mm bleed): 1006 mm is 5941 px, 8912 with the headroom.
    expect(photoLongSideFor(printTemplate("poster", "70x100"))).toBe(8912);
    // Turned (landscape) or not, the same long side.
    const book = printTemplate("photo-book", "21x21");
    expect(photoLongSideFor({ ...book, widthMm: 210, heightMm: 297 })).toBe(
      photoLongSideFor({ ...book, widthMm: 297, heightMm: 210 }),
    );
    expect(CROP_HEADROOM).toBeGreaterThan(1);
  });

  it("shrinks a 12-megapixel phone photo for a small print, keeping its shape, and never enlarges one", () => {
    const longSide = photoLongSideFor(printTemplate("photo-prints", "10x15"));
    expect(sizeToSend(4032, 3024, longSide)).toEqual({ width: 2729, height: 2047 });
    expect(sizeToSend(3024, 4032, longSide)).toEqual({ width: 2047, height: 2729 });
    // Within the long side (or exactly at it): sent as it is.
    expect(sizeToSend(2000, 1500, longSide)).toBeNull();
    expect(sizeToSend(2729, 100, longSide)).toBeNull();
    // The poster needs all of it.
    expect(sizeToSend(4032, 3024, photoLongSideFor(printTemplate("poster", "70x100")))).toBeNull();
  });
});
