import { EXIF_HEADER } from "@contract/rules/exif-orientation";

// The EXIF the worker writes back in place of a photo's own (read by `exifOrientation`, contract/rules): the smallest
// there is, holding only the orientation, so browsers and Cloudflare Images still turn the photo while GPS, the
// camera, the dates and the thumbnail are gone.

const SHORT = 3;

/** A big-endian TIFF structure whose IFD0 has the one Orientation entry: 26 bytes (a PNG's eXIf, a WebP's EXIF). */
export function orientationOnlyTiff(orientation: number) {
  return Uint8Array.of(
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

/** The whole APP1 segment (marker included) of a JPEG EXIF holding nothing but `orientation`: 36 bytes. */
export function orientationOnlyExif(orientation: number) {
  const tiff = orientationOnlyTiff(orientation);
  const length = 2 + EXIF_HEADER.length + tiff.length;
  return Uint8Array.of(0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER, ...tiff);
}
