import { exifOrientation, MAX_EXIF_BYTES } from "@contract/rules/exif-orientation";
import { crc32 } from "../file-kinds/reader";
import { type Parser, corrupt, emit, pass, read, skip } from "./driver";
import { orientationOnlyTiff } from "./exif";

// A PNG rewritten chunk by chunk: what draws the pixels and their colours stays (the critical chunks, transparency,
// the colour profile and colour space, physical size, animation); text (tEXt, zTXt, iTXt, where XMP lives), the time
// and any private chunk go. Its EXIF (eXIf, before the image data: where Chromium and libvips read it) becomes one
// holding only the orientation, in its place, none for orientation 1; an eXIf after the image data, which those
// readers ignore, goes without being read (the photo is seen as stored).

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_CHUNK = 2 ** 31 - 1;
const KEPT_ANCILLARY = new Set([
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCV",
  "cLLI",
  "bKGD",
  "hIST",
  "pHYs",
  "sPLT",
  "acTL",
  "fcTL",
  "fdAT",
]);

/** A chunk type's first letter in upper case makes it critical: a decoder cannot do without it, so it stays. */
const critical = (type: string) => type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;

export function* png(): Parser {
  const signature = (yield read(SIGNATURE.length)) as Uint8Array;
  if (!SIGNATURE.every((byte, index) => signature[index] === byte)) return corrupt;
  yield emit(signature);
  let orientation = 1;
  let imageData = false;
  let exifSeen = false;
  for (;;) {
    const head = (yield read(8)) as Uint8Array;
    const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(0);
    const type = String.fromCharCode(...head.subarray(4, 8));
    if (length > MAX_CHUNK || !/^[A-Za-z]{4}$/.test(type)) return corrupt;
    if (type === "IDAT") imageData = true;
    // Data and CRC.
    if (type === "eXIf" && !imageData && !exifSeen) {
      exifSeen = true;
      // An EXIF larger than EXIF's own bound is none a camera wrote: refused rather than held.
      if (length > MAX_EXIF_BYTES) return corrupt;
      const found = exifOrientation((yield read(length)) as Uint8Array);
      yield skip(4);
      if (found === null) return corrupt;
      orientation = found;
      if (orientation !== 1) yield emit(exifChunk(orientation));
    } else if (critical(type) || KEPT_ANCILLARY.has(type)) {
      yield emit(head);
      yield pass(length + 4);
    } else yield skip(length + 4);
    if (type === "IEND") return { ok: true, orientation };
  }
}

/** An eXIf chunk (length, type, data, CRC) holding only the orientation. */
function exifChunk(orientation: number) {
  const tiff = orientationOnlyTiff(orientation);
  const chunk = new Uint8Array(12 + tiff.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, tiff.length);
  chunk.set([0x65, 0x58, 0x49, 0x66], 4); // "eXIf"
  chunk.set(tiff, 8);
  view.setUint32(8 + tiff.length, crc32(chunk.subarray(4, 8 + tiff.length)));
  return chunk;
}
