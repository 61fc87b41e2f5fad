import { describe, expect, it } from "vitest";
import { exifOrientation } from "./exif-orientation";

// The one EXIF reader: a TIFF structure either way round, after "Exif\0\0" (a JPEG's APP1, some WebPs) or bare (a
// PNG's eXIf, other WebPs); a broken one told apart from one without the tag.

function tiff(orientation: number, little: boolean, entries = 1) {
  const u16 = (value: number) => (little ? [value & 255, value >> 8] : [value >> 8, value & 255]);
  const u32 = (value: number) => (little ? [value & 255, value >> 8, 0, 0] : [0, 0, value >> 8, value & 255]);
  return [
    ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(entries),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
}
const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];

describe("a photo's EXIF orientation", () => {
  it("is read with or without Exif\\0\\0, big- or little-endian", () => {
    for (let orientation = 1; orientation <= 8; orientation++)
      for (const little of [false, true]) {
        expect(exifOrientation(Uint8Array.from(tiff(orientation, little)))).toBe(orientation);
        expect(exifOrientation(Uint8Array.from([...EXIF, ...tiff(orientation, little)]))).toBe(orientation);
      }
  });

  it("is 1 for a value outside 1 to 8, and null for a structure that points outside itself", () => {
    expect(exifOrientation(Uint8Array.from(tiff(9, false)))).toBe(1);
    expect(exifOrientation(Uint8Array.from(tiff(6, false, 65535)))).toBeNull();
    const far = tiff(6, false);
    far.splice(4, 4, 0x7f, 0xff, 0, 0);
    expect(exifOrientation(Uint8Array.from(far))).toBeNull();
    expect(exifOrientation(Uint8Array.from(EXIF))).toBeNull();
    expect(exifOrientation(new TextEncoder().encode("not a TIFF at all"))).toBeNull();
  });
});
