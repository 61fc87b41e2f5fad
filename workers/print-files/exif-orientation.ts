import { exifOrientation as orientationOfExif, isExif } from "@contract/rules/exif-orientation";

/**
 * A JPEG's EXIF orientation (1 to 8), read from its first EXIF APP1 segment by the one EXIF reader (contract/rules);
 * 1 when there is none or it cannot be read. For a photo stored before the uploads worker recorded each upload's
 * orientation beside it (decision 0047): `orientationOf` in photos.ts reads the record first.
 */
export function exifOrientation(head: Uint8Array): number {
  if (head[0] !== 0xff || head[1] !== 0xd8) return 1;
  let at = 2;
  while (at + 4 <= head.byteLength) {
    if (head[at] !== 0xff) return 1;
    const marker = head[at + 1]!;
    // Start of scan: no more metadata segments.
    if (marker === 0xda || marker === 0xd9) return 1;
    const length = (head[at + 2]! << 8) | head[at + 3]!;
    const data = head.subarray(at + 4, Math.min(head.byteLength, at + 2 + length));
    if (marker === 0xe1 && isExif(data)) return orientationOfExif(data) ?? 1;
    at += 2 + length;
  }
  return 1;
}
