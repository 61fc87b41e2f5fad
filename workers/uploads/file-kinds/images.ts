import { type Found, type Extent, larger } from "./found";
import { type Reader, crc32 } from "./reader";

// The magic bytes file-kinds.ts tells this format by.
export const JPEG_MAGIC = [0xff, 0xd8, 0xff];
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// JPEG: after SOI (FF D8), segments of FF <marker> <16-bit length including itself> <data>, up to the frame header
// (SOFn) with the size; the entropy-coded image data after it is not walked, so the end is checked for EOI (FF D9)
// instead.
const JPEG_START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const JPEG_TEM = 0x01;
const JPEG_RST0 = 0xd0;
const JPEG_RST7 = 0xd7;
const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
/** Length (2), precision (1), height (2), width (2), component count (1). */
const JPEG_SOF_MIN_LENGTH = 8;

export function readJpeg(bytes: Reader): Found {
  let at = JPEG_MAGIC.length - 1;
  for (;;) {
    if (!bytes.has(at, 1)) return "truncated";
    if (bytes.u8(at) !== 0xff) return "corrupt";
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes.has(at + 1, 1) && bytes.u8(at + 1) === 0xff) at++;
    if (!bytes.has(at + 1, 1)) return "truncated";
    const marker = bytes.u8(at + 1);
    at += 2;
    if (marker === JPEG_TEM || (marker >= JPEG_RST0 && marker <= JPEG_RST7)) continue; // markers without a segment
    // 00 is no marker; a second SOI, or EOI or image data before any frame header, leaves no size to read.
    if (marker === 0x00 || marker === JPEG_SOI || marker === JPEG_EOI || marker === JPEG_SOS) return "corrupt";
    if (!bytes.has(at, 2)) return "truncated";
    const length = bytes.u16(at);
    if (length < 2) return "corrupt";
    if (!bytes.has(at, length)) return "truncated";
    if (JPEG_START_OF_FRAME.has(marker)) {
      if (length < JPEG_SOF_MIN_LENGTH) return "corrupt";
      if (!hasJpegEoi(bytes, at + length)) return "truncated";
      return { kind: "jpeg", width: bytes.u16(at + 5), height: bytes.u16(at + 3) };
    }
    at += length;
  }
}

/**
 * Whether the image data after the frame header reaches its EOI (FF D9): in entropy-coded data an FF is only ever
 * followed by 00 or a restart marker, so the first FF D9 is the end. What follows it is allowed: some writers pad with
 * zeros, and phones append their own trailers (Samsung's, for one), which a cut-short file would have lost too.
 */
function hasJpegEoi(bytes: Reader, from: number) {
  return bytes.containsPair(0xff, JPEG_EOI, from);
}

// PNG: the signature, then chunks of <32-bit length> <type> <data> <CRC-32 of type and data>, IHDR first and IEND last.
const PNG_CHUNK_OVERHEAD = 12;
const PNG_IHDR_LENGTH = 13;
const PNG_MAX_CHUNK_LENGTH = 2 ** 31 - 1;
const PNG_IEND_CHUNK = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export function readPng(bytes: Reader): Found {
  const ihdr = PNG_SIGNATURE.length;
  if (!bytes.has(ihdr, PNG_CHUNK_OVERHEAD + PNG_IHDR_LENGTH)) return "truncated";
  if (bytes.u32(ihdr) !== PNG_IHDR_LENGTH || bytes.ascii(ihdr + 4, 4) !== "IHDR") return "corrupt";
  // The header's CRC is checked (cheap, and the size we trust sits inside it); the image data's CRCs are the decoder's.
  const ihdrCrc = crc32(bytes.range(ihdr + 4, 4 + PNG_IHDR_LENGTH));
  if (ihdrCrc !== bytes.u32(ihdr + 8 + PNG_IHDR_LENGTH)) return "corrupt";
  const width = bytes.u32(ihdr + 8);
  const height = bytes.u32(ihdr + 12);
  for (let at = ihdr; ; ) {
    if (!bytes.has(at, PNG_CHUNK_OVERHEAD)) return "truncated";
    // Between the windows of a large file: the chunks are not walked (thousands of small image chunks), its end is
    // checked.
    if (!bytes.holds(at, PNG_CHUNK_OVERHEAD))
      return bytes.startsWith(PNG_IEND_CHUNK, bytes.length - PNG_IEND_CHUNK.length)
        ? { kind: "png", width, height }
        : "truncated";
    const length = bytes.u32(at);
    const type = bytes.ascii(at + 4, 4);
    if (length > PNG_MAX_CHUNK_LENGTH || !/^[A-Za-z]{4}$/.test(type)) return "corrupt";
    if (!bytes.has(at, PNG_CHUNK_OVERHEAD + length)) return "truncated";
    if (type === "IEND") return { kind: "png", width, height };
    at += PNG_CHUNK_OVERHEAD + length;
  }
}

// WebP: "RIFF" <32-bit little-endian size of what follows> "WEBP", then chunks of <fourcc> <LE size> <data, padded to
// even>. The first chunk is the image: VP8 (lossy) or VP8L (lossless), or VP8X (extended: a canvas size, then more).
const RIFF_HEADER = 8;
const WEBP_FIRST_CHUNK = 12;
const WEBP_CHUNK_HEADER = 8;
const WEBP_IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X"]);
const VP8_START_CODE = [0x9d, 0x01, 0x2a];
const VP8_MIN_LENGTH = 10; // frame tag (3), start code (3), width (2), height (2)
const VP8_DIMENSION_MASK = 0x3fff; // the top 2 bits of each 16-bit field are an upscaling hint, not size
const VP8L_SIGNATURE = 0x2f;
const VP8L_MIN_LENGTH = 5; // signature (1), then width-1 and height-1 in 14 bits each
const VP8X_MIN_LENGTH = 10; // flags (4), canvas width-1 (3), canvas height-1 (3)

export function readWebp(bytes: Reader): Found {
  const end = RIFF_HEADER + bytes.u32le(4);
  if (end > bytes.length) return "truncated";
  if (!WEBP_IMAGE_CHUNKS.has(bytes.ascii(WEBP_FIRST_CHUNK, 4))) return "corrupt";
  // The RIFF size says the file is whole, so a chunk that does not fit inside it is a broken file, not a cut one.
  // An extended file declares its size twice, on the canvas and on the image chunk after it; a decoder might believe
  // either, so the larger is the one that counts.
  let largest: Extent | null = null;
  for (let at = WEBP_FIRST_CHUNK; at < end; ) {
    if (at + WEBP_CHUNK_HEADER > end) return "corrupt";
    const type = bytes.ascii(at, 4);
    const size = bytes.u32le(at + 4);
    if (at + WEBP_CHUNK_HEADER + size > end) return "corrupt";
    if (WEBP_IMAGE_CHUNKS.has(type)) {
      const extent = webpExtent(bytes, type, at + WEBP_CHUNK_HEADER, size);
      if (extent === null) return "corrupt";
      largest = larger(largest, extent);
    }
    at += WEBP_CHUNK_HEADER + size + (size & 1);
  }
  return largest === null ? "corrupt" : { kind: "webp", ...largest };
}

/** The size a VP8, VP8L or VP8X chunk's data declares, or null when the chunk is malformed. */
function webpExtent(bytes: Reader, type: string, data: number, size: number): Extent | null {
  if (type === "VP8 ") {
    if (size < VP8_MIN_LENGTH || !bytes.startsWith(VP8_START_CODE, data + 3)) return null;
    return { width: bytes.u16le(data + 6) & VP8_DIMENSION_MASK, height: bytes.u16le(data + 8) & VP8_DIMENSION_MASK };
  }
  if (type === "VP8L") {
    if (size < VP8L_MIN_LENGTH || bytes.u8(data) !== VP8L_SIGNATURE) return null;
    const packed = bytes.u32le(data + 1);
    return { width: (packed & 0x3fff) + 1, height: ((packed >>> 14) & 0x3fff) + 1 };
  }
  if (size < VP8X_MIN_LENGTH) return null;
  return { width: bytes.u24le(data + 4) + 1, height: bytes.u24le(data + 7) + 1 };
}
