import { describe, expect, it } from "vitest";
import { imageMatrix } from "./draw";
import { exifOrientation } from "./exif-orientation";

// Each EXIF orientation drawn by the PDF's matrix: where the stored image's corners land in the box it is shown in
// (a y-down frame, as the page's millimetres are). The stored image's top-left pixel is PDF image space (0, 1).

const BOX = { x: 10, y: 20, width: 40, height: 30 };
const corners = { topLeft: [0, 1], topRight: [1, 1], bottomLeft: [0, 0] } as const;
const apply = (matrix: number[], [a, b]: readonly [number, number]) => [
  matrix[0]! * a + matrix[2]! * b + matrix[4]!,
  matrix[1]! * a + matrix[3]! * b + matrix[5]!,
];
const at = { topLeft: [10, 20], topRight: [50, 20], bottomLeft: [10, 50], bottomRight: [50, 50] } as const;

/** Where EXIF says the stored image's top-left, top-right and bottom-left corners are shown. */
const EXPECTED: Record<number, [readonly number[], readonly number[], readonly number[]]> = {
  1: [at.topLeft, at.topRight, at.bottomLeft],
  2: [at.topRight, at.topLeft, at.bottomRight], // mirrored left to right
  3: [at.bottomRight, at.bottomLeft, at.topRight], // turned 180°
  4: [at.bottomLeft, at.bottomRight, at.topLeft], // mirrored top to bottom
  5: [at.topLeft, at.bottomLeft, at.topRight], // transposed
  6: [at.topRight, at.bottomRight, at.topLeft], // turned 90° clockwise
  7: [at.bottomRight, at.topRight, at.bottomLeft], // transversed
  8: [at.bottomLeft, at.topLeft, at.bottomRight], // turned 90° anticlockwise
};

/** A JPEG's head with an Exif APP1 (big- or little-endian) naming `orientation`. */
function jpegHead(orientation: number, little = false) {
  const u16 = (value: number) => (little ? [value & 255, value >> 8] : [value >> 8, value & 255]);
  const u32 = (value: number) => (little ? [value, 0, 0, 0] : [0, 0, 0, value]);
  const tiff = [
    ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, app1.length + 2, ...app1, 0xff, 0xda, 0, 2]);
}

describe("a photo's EXIF orientation in the print file", () => {
  it.each(Object.entries(EXPECTED))("orientation %s shows the stored image as EXIF says", (orientation, expected) => {
    const matrix = imageMatrix(Number(orientation), BOX);
    expect(apply(matrix, corners.topLeft)).toEqual(expected[0]);
    expect(apply(matrix, corners.topRight)).toEqual(expected[1]);
    expect(apply(matrix, corners.bottomLeft)).toEqual(expected[2]);
  });

  it("is read from the JPEG's APP1 either way round, and is 1 without one", () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      expect(exifOrientation(jpegHead(orientation))).toBe(orientation);
      expect(exifOrientation(jpegHead(orientation, true))).toBe(orientation);
    }
    expect(exifOrientation(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
    expect(exifOrientation(jpegHead(9))).toBe(1);
    expect(exifOrientation(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });
});
