import { exifOrientation, MAX_EXIF_BYTES } from "@contract/rules/exif-orientation";

/**
 * A WebP's EXIF orientation, from its EXIF chunk (a TIFF structure, after "Exif\0\0" from some writers), read by the
 * one EXIF reader: Chromium turns a JPEG and a PNG by theirs but not a WebP (decision 0047), so the creator applies it.
 * Only chunk headers and the EXIF are read, wherever in the file it lies; 1 without one or with one unreadable.
 */
export async function webpOrientation(file: Blob): Promise<number> {
  const bytes = async (at: number, length: number) => new Uint8Array(await file.slice(at, at + length).arrayBuffer());
  const header = await bytes(0, 12);
  const end = Math.min(file.size, 8 + new DataView(header.buffer).getUint32(4, true));
  for (let at = 12; at + 8 <= end; ) {
    const chunk = await bytes(at, 8);
    const type = String.fromCharCode(...chunk.subarray(0, 4));
    const size = new DataView(chunk.buffer).getUint32(4, true);
    if (type === "EXIF") return size <= MAX_EXIF_BYTES ? (exifOrientation(await bytes(at + 8, size)) ?? 1) : 1;
    at += 8 + size + (size & 1);
  }
  return 1;
}
