// A photo's EXIF orientation (1 to 8), read the one way everywhere (decision 0047): the uploads worker, as it strips a
// JPEG's, PNG's or WebP's metadata; the print worker, from a JPEG stored before orientations were recorded; the
// creator, from a WebP (which Chromium does not turn by its EXIF). Only IFD0's Orientation tag is read.

/** "Exif\0\0": what starts a JPEG's APP1 EXIF, and some writers' WebP EXIF chunk, before the TIFF structure. */
export const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00];
const TIFF_HEADER = 8;
const IFD_ENTRY = 12;
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** The largest EXIF read into memory: a JPEG APP1's data can hold no more, and EXIF's own format is bound to it. */
export const MAX_EXIF_BYTES = 0xffff - 2;

/**
 * Width and height as seen, from the stored ones (or back: the same swap): orientations 5 to 8 turn the picture a
 * quarter, so they swap.
 */
export function seenSides<Side>(width: Side, height: Side, orientation: number): { width: Side; height: Side } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** Whether the data starts with "Exif\0\0" (a JPEG APP1 holding EXIF rather than XMP, which shares the marker). */
export const isExif = (data: Uint8Array) => EXIF_HEADER.every((byte, index) => data[index] === byte);

/**
 * The orientation IFD0 of an EXIF declares: `data` is a TIFF structure (a PNG's eXIf, a WebP's EXIF chunk), or one
 * after "Exif\0\0" (a JPEG's APP1 data; some WebP writers add it too). 1 without the tag or with a value outside 1 to
 * 8 (as browsers read it); null when the structure points outside the data (a broken or hostile EXIF).
 */
export function exifOrientation(data: Uint8Array): number | null {
  const start = isExif(data) ? EXIF_HEADER.length : 0;
  if (data.length < start + TIFF_HEADER) return null;
  const view = new DataView(data.buffer, data.byteOffset + start, data.length - start);
  const order = String.fromCharCode(view.getUint8(0), view.getUint8(1));
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  if (view.getUint16(2, little) !== 42) return null;
  const ifd = view.getUint32(4, little);
  if (ifd < TIFF_HEADER || ifd + 2 > view.byteLength) return null;
  const count = view.getUint16(ifd, little);
  if (ifd + 2 + count * IFD_ENTRY > view.byteLength) return null;
  for (let entry = ifd + 2; entry < ifd + 2 + count * IFD_ENTRY; entry += IFD_ENTRY) {
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, little) !== SHORT || view.getUint32(entry + 4, little) !== 1) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
