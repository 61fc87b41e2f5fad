// A JPEG's EXIF (APP1 "Exif\0\0", then a TIFF structure): only IFD0's Orientation tag is read, and only it is written
// back, in the smallest EXIF there is, so browsers and Cloudflare Images still turn the photo while GPS, the camera,
// the dates and the thumbnail are gone.

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const TIFF_START = EXIF_HEADER.length;
const TIFF_HEADER = 8;
const IFD_ENTRY = 12;
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** Whether an APP1 segment's data is EXIF (rather than XMP, which shares the marker). */
export const isExif = (data: Uint8Array) => EXIF_HEADER.every((byte, index) => data[index] === byte);

/**
 * The orientation (1 to 8) IFD0 of an EXIF segment's data declares, 1 without one or with a value outside 1 to 8 (as
 * browsers read it), or null when the structure points outside the segment (a broken or hostile EXIF).
 */
export function exifOrientation(data: Uint8Array): number | null {
  if (data.length < TIFF_START + TIFF_HEADER) return null;
  const view = new DataView(data.buffer, data.byteOffset + TIFF_START, data.length - TIFF_START);
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

/** The whole APP1 segment (marker included) of an EXIF holding nothing but `orientation`: 36 bytes. */
export function orientationOnlyExif(orientation: number) {
  return Uint8Array.of(
    0xff,
    0xe1,
    0x00,
    0x22, // length: itself (2) and 32 bytes
    ...EXIF_HEADER,
    0x4d,
    0x4d,
    0x00,
    0x2a, // "MM", 42
    0x00,
    0x00,
    0x00,
    0x08, // IFD0 right after the header
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    SHORT,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1 value
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  );
}
