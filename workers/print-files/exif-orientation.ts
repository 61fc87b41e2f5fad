/**
 * A JPEG's EXIF orientation (1 to 8), read from its APP1 segment; 1 when there is none or it cannot be read. Kept on
 * its own: once the uploads worker records each upload's orientation (issue 26, phone photos), the print file can take
 * it from there instead, through `orientationOf` in photos.ts.
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
    if (marker === 0xe1 && length >= 16) {
      const found = fromApp1(head.subarray(at + 4, Math.min(head.byteLength, at + 2 + length)));
      if (found) return found;
    }
    at += 2 + length;
  }
  return 1;
}

/** "Exif\0\0", then a TIFF header and its first directory, where tag 0x0112 is the orientation. */
function fromApp1(segment: Uint8Array): number | null {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (!exif.every((byte, index) => segment[index] === byte)) return null;
  const tiff = segment.subarray(6);
  if (tiff.byteLength < 8) return null;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const first = view.getUint32(4, little);
  if (first + 2 > tiff.byteLength) return null;
  const entries = u16(first);
  for (let index = 0; index < entries; index++) {
    const entry = first + 2 + index * 12;
    if (entry + 12 > tiff.byteLength) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
