// What a customer uploaded, told by its bytes alone: its name and declared type are the customer's to choose, so they
// prove nothing. An image's pixel size is read from its header and never decoded, so a decompression bomb (a few KB
// declaring gigapixels) is refused before anything inflates it. Every read is bounds-checked: any input, however
// broken or hostile, gets an answer and never an exception.

import type { UploadKind, UploadRefusal } from "@contract/api/uploads";

export type FileKind = UploadKind;
/** The refusals the bytes alone decide (the others are about the request). */
export type Refusal = Extract<UploadRefusal, "empty" | "unsupported" | "truncated" | "corrupt" | "tooManyPixels">;
export type Inspection =
  | { ok: true; kind: FileKind; contentType: string; width: number | null; height: number | null }
  | { ok: false; reason: Refusal };

export const CONTENT_TYPES: Record<FileKind, string> = Object.freeze({
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  avif: "image/avif",
  pdf: "application/pdf",
  zip: "application/zip",
});

/** Identifies an upload by its bytes; images also by the pixel size their header declares (never decoded). */
export function inspectFile(bytes: Uint8Array, limits: { maxPixels: number }): Inspection {
  return inspect(new Reader(bytes.length, [{ at: 0, bytes }]), limits);
}

/** A stretch of a file read on its own (a ranged read from R2): `bytes` from offset `at`. */
export type Window = { at: number; bytes: Uint8Array };

/**
 * What a reader of a file known only in windows needs next: the bytes at `at` (a format reader landed between the
 * windows), or, with `scan`, whether FF D9 occurs anywhere from `at` on (a JPEG's end, looked for in a stream).
 */
export class Gap {
  constructor(
    readonly at: number,
    readonly scan: boolean,
  ) {}
}

/**
 * The same inspection of a file of `size` bytes known only in windows (its head and tail, read from R2), so that a
 * large file is never held whole. Where a reader must look between the windows it gets a Gap to fill and ask again;
 * `eoiFrom` is the answer to a scan. A PNG's many image chunks are not walked between the windows: its end (IEND)
 * must be in the tail.
 */
export function inspectWindows(
  size: number,
  windows: Window[],
  limits: { maxPixels: number },
  eoiFrom?: { at: number; found: boolean },
): Inspection | Gap {
  try {
    return inspect(new Reader(size, windows, eoiFrom), limits);
  } catch (gap) {
    if (gap instanceof Gap) return gap;
    throw gap;
  }
}

function inspect(bytes: Reader, limits: { maxPixels: number }): Inspection {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  const found = read(bytes);
  if (typeof found === "string") return { ok: false, reason: found };
  const { kind, width, height } = found;
  // Only images have a size; PDF and ZIP come back with null for both.
  if (width !== null && height !== null) {
    if (width === 0 || height === 0) return { ok: false, reason: "corrupt" };
    // Written so that a limit that is no number (say, a missing setting read as NaN) refuses rather than lets all in.
    if (!(width * height <= limits.maxPixels)) return { ok: false, reason: "tooManyPixels" };
  }
  return { ok: true, kind, contentType: CONTENT_TYPES[kind], width, height };
}

/** A format reader's answer: the kind with the size its header declares, or why the bytes are refused. */
type Found = { kind: FileKind; width: number | null; height: number | null } | Refusal;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];

function read(bytes: Reader): Found {
  if (bytes.startsWith(JPEG_MAGIC)) return readJpeg(bytes);
  if (bytes.startsWith(PNG_SIGNATURE)) return readPng(bytes);
  if (bytes.ascii(0, 4) === "RIFF" && bytes.ascii(8, 4) === "WEBP") return readWebp(bytes);
  if (bytes.ascii(4, 4) === "ftyp") return readIsoBmff(bytes);
  if (bytes.ascii(0, 5) === "%PDF-") return readPdf(bytes);
  // An empty archive is nothing but its end record.
  if (bytes.startsWith(ZIP_LOCAL_FILE) || bytes.startsWith(ZIP_END_OF_CENTRAL_DIRECTORY)) return readZip(bytes);
  // HTML, SVG, XML, scripts, executables, GIF, BMP, TIFF, text...: not ours to take, whatever their name says.
  return "unsupported";
}

// JPEG: after SOI (FF D8), segments of FF <marker> <16-bit length including itself> <data>, up to the frame header (SOFn)
// with the size; the entropy-coded image data after it is not walked, so the end is checked for EOI (FF D9) instead.
const JPEG_START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const JPEG_TEM = 0x01;
const JPEG_RST0 = 0xd0;
const JPEG_RST7 = 0xd7;
const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
/** Length (2), precision (1), height (2), width (2), component count (1). */
const JPEG_SOF_MIN_LENGTH = 8;

function readJpeg(bytes: Reader): Found {
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

function readPng(bytes: Reader): Found {
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
    // Between the windows of a large file: the chunks are not walked (thousands of small image chunks), its end is checked.
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

function readWebp(bytes: Reader): Found {
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

type Extent = { width: number; height: number };

/** Of two declared sizes, the one with more pixels (what a decoder would have to hold). */
function larger(current: Extent | null, candidate: Extent) {
  return current === null || candidate.width * candidate.height > current.width * current.height ? candidate : current;
}

// HEIC and AVIF are both HEIF, in ISO BMFF boxes of <32-bit size> <type> (size 1: a 64-bit size follows; size 0: the
// box runs to the end). The ftyp box's brands tell them apart (and from MP4, MOV, 3GP... which share the layout).
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const BOX_HEADER = 8;
const LARGE_BOX_HEADER = 16;
const FTYP_MIN_SIZE = 16; // header, major brand, minor version
const FULL_BOX_VERSION_AND_FLAGS = 4;
const ISPE_MIN_CONTENT = 12; // version and flags, width, height

function readIsoBmff(bytes: Reader): Found {
  const ftypSize = bytes.u32(0);
  if (ftypSize > bytes.length) return "truncated";
  if (ftypSize < FTYP_MIN_SIZE) return "corrupt";
  const brands = [bytes.ascii(8, 4)];
  for (let at = FTYP_MIN_SIZE; at + 4 <= ftypSize; at += 4) brands.push(bytes.ascii(at, 4));
  const isAvif = brands.some((brand) => AVIF_BRANDS.has(brand));
  if (!isAvif && !brands.some((brand) => HEIC_BRANDS.has(brand))) return "unsupported";

  const top = boxesIn(bytes, 0, bytes.length, "truncated");
  if (typeof top === "string") return top;
  const meta = top.find((box) => box.type === "meta");
  const inMeta = meta === undefined ? [] : boxesIn(bytes, meta.start + FULL_BOX_VERSION_AND_FLAGS, meta.end, "corrupt");
  if (typeof inMeta === "string") return inMeta;
  // The pixels sit in mdat (or, rarely, in meta's idat): a file cut right after its header has neither.
  if (!top.some((box) => box.type === "mdat") && !inMeta.some((box) => box.type === "idat")) return "truncated";

  // Image properties (meta > iprp > ipco) hold an ispe (image spatial extent) for each image: tiles, thumbnails, the
  // grid they make up. The largest is what a decoder must hold in memory, so it is the one we report and limit.
  const extents = boxesAlong(bytes, inMeta, ["iprp", "ipco", "ispe"]);
  if (typeof extents === "string") return extents;
  let largest: Extent | null = null;
  for (const ispe of extents) {
    if (ispe.end - ispe.start < ISPE_MIN_CONTENT) return "corrupt";
    const width = bytes.u32(ispe.start + FULL_BOX_VERSION_AND_FLAGS);
    const height = bytes.u32(ispe.start + FULL_BOX_VERSION_AND_FLAGS + 4);
    largest = larger(largest, { width, height });
  }
  if (largest === null) return "corrupt";
  return { kind: isAvif ? "avif" : "heic", ...largest };
}

/** A box: its type, and where its content starts and ends. */
type Box = { type: string; start: number; end: number };

/** The boxes from start to end, or `pastEnd` when one does not fit (and "corrupt" when one is smaller than its header). */
function boxesIn(bytes: Reader, start: number, end: number, pastEnd: "truncated" | "corrupt"): Box[] | Refusal {
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + BOX_HEADER > end) return pastEnd;
    const type = bytes.ascii(at + 4, 4);
    let size = bytes.u32(at);
    let header = BOX_HEADER;
    if (size === 1) {
      if (at + LARGE_BOX_HEADER > end) return pastEnd;
      size = bytes.u32(at + 8) * 2 ** 32 + bytes.u32(at + 12);
      header = LARGE_BOX_HEADER;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return "corrupt";
    if (at + size > end) return pastEnd;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** The boxes found by following `path` down from `boxes` (each step a child type), or "corrupt" if one on the way is. */
function boxesAlong(bytes: Reader, boxes: Box[], path: string[]): Box[] | Refusal {
  let level = boxes;
  for (const [step, type] of path.entries()) {
    const matching = level.filter((box) => box.type === type);
    if (step === path.length - 1) return matching;
    level = [];
    for (const box of matching) {
      // The file's top-level boxes all fit, so a child that does not fit its parent is a broken file, not a cut one.
      const children = boxesIn(bytes, box.start, box.end, "corrupt");
      if (typeof children === "string") return children;
      level.push(...children);
    }
  }
  return level;
}

// PDF: readers find the cross-reference table from the end, which closes with %%EOF; a cut file has lost it.
const PDF_EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"
const PDF_EOF_WINDOW = 1024;

function readPdf(bytes: Reader): Found {
  const found = bytes.lastIndexOf(PDF_EOF_MARKER, bytes.length - PDF_EOF_WINDOW);
  return found >= 0 ? { kind: "pdf", width: null, height: null } : "truncated";
}

// ZIP: readers start from the end of central directory record, 22 bytes plus a comment of up to 65535 bytes at the end.
const ZIP_EOCD_LENGTH = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP64_PLACEHOLDER = 0xffffffff; // "see the ZIP64 record": no offset to check here

function readZip(bytes: Reader): Found {
  const earliest = Math.max(0, bytes.length - ZIP_EOCD_LENGTH - ZIP_MAX_COMMENT);
  for (let at = bytes.length - ZIP_EOCD_LENGTH; at >= earliest; at--) {
    if (!bytes.startsWith(ZIP_END_OF_CENTRAL_DIRECTORY, at)) continue;
    // Compressed data may happen to hold the signature: a real record's central directory ends where the record begins.
    const directorySize = bytes.u32le(at + 12);
    const directoryOffset = bytes.u32le(at + 16);
    const zip64 = directorySize === ZIP64_PLACEHOLDER || directoryOffset === ZIP64_PLACEHOLDER;
    if (zip64 || directoryOffset + directorySize <= at) return { kind: "zip", width: null, height: null };
  }
  return "truncated";
}

/**
 * The bytes, read big-endian unless the name says LE: a whole file (one window) or a large one's head and tail. A read
 * out of range gives 0 rather than throwing (a last line of defence: the readers check `has`, or a bound that implies
 * it, before any read whose value they rely on); a read between the windows throws a Gap, for the caller to fill.
 */
class Reader {
  readonly length: number;
  private readonly windows: { at: number; bytes: Uint8Array; view: DataView }[];

  constructor(
    length: number,
    windows: Window[],
    private readonly eoiFrom?: { at: number; found: boolean },
  ) {
    this.length = length;
    // The caller's bytes may be a window into a larger buffer.
    this.windows = windows.map(({ at, bytes }) => ({
      at,
      bytes,
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
  }

  has(offset: number, length: number) {
    return offset >= 0 && length >= 0 && offset + length <= this.length;
  }

  /** Whether one window holds these bytes (always, for a whole file in range). */
  holds(offset: number, length: number) {
    return this.windowOf(offset, length) !== undefined;
  }

  private windowOf(offset: number, length: number) {
    return this.windows.find((window) => offset >= window.at && offset + length <= window.at + window.bytes.length);
  }

  /** The window holding a read known to be in range, and where in it the read starts. */
  private at(offset: number, length: number) {
    const window = this.windowOf(offset, length);
    if (!window) throw new Gap(offset, false);
    return { view: window.view, bytes: window.bytes, index: offset - window.at };
  }

  u8(offset: number) {
    if (!this.has(offset, 1)) return 0;
    const { view, index } = this.at(offset, 1);
    return view.getUint8(index);
  }

  u16(offset: number) {
    if (!this.has(offset, 2)) return 0;
    const { view, index } = this.at(offset, 2);
    return view.getUint16(index);
  }

  u32(offset: number) {
    if (!this.has(offset, 4)) return 0;
    const { view, index } = this.at(offset, 4);
    return view.getUint32(index);
  }

  u16le(offset: number) {
    if (!this.has(offset, 2)) return 0;
    const { view, index } = this.at(offset, 2);
    return view.getUint16(index, true);
  }

  u24le(offset: number) {
    if (!this.has(offset, 3)) return 0;
    const { view, index } = this.at(offset, 3);
    return view.getUint16(index, true) | (view.getUint8(index + 2) << 16);
  }

  u32le(offset: number) {
    if (!this.has(offset, 4)) return 0;
    const { view, index } = this.at(offset, 4);
    return view.getUint32(index, true);
  }

  /** `length` bytes from `offset` (a view, not a copy). */
  range(offset: number, length: number) {
    const { bytes, index } = this.at(offset, length);
    return bytes.subarray(index, index + length);
  }

  /** Latin-1 text of `length` bytes, or "" when they are not all there (so a comparison with a magic string fails). */
  ascii(offset: number, length: number) {
    return this.has(offset, length) ? String.fromCharCode(...this.range(offset, length)) : "";
  }

  startsWith(magic: readonly number[], offset = 0) {
    if (!this.has(offset, magic.length)) return false;
    const found = this.range(offset, magic.length);
    return magic.every((byte, index) => found[index] === byte);
  }

  /** The last offset at or after `from` where `needle` starts, or -1. */
  lastIndexOf(needle: readonly number[], from: number) {
    for (let at = this.length - needle.length; at >= Math.max(0, from); at--)
      if (this.startsWith(needle, at)) return at;
    return -1;
  }

  /** Whether `first` followed by `second` occurs at or after `from`; between windows, the caller's scan answers. */
  containsPair(first: number, second: number, from: number) {
    let covered = from;
    for (const { at, bytes } of [...this.windows].sort((a, b) => a.at - b.at)) {
      const start = Math.max(from, at) - at;
      for (
        let index = bytes.indexOf(first, start);
        index !== -1 && index + 1 < bytes.length;
        index = bytes.indexOf(first, index + 1)
      ) {
        if (bytes[index + 1] === second) return true;
      }
      if (at <= covered) covered = Math.max(covered, at + bytes.length);
    }
    if (covered >= this.length) return false;
    if (this.eoiFrom?.at === from) return this.eoiFrom.found;
    throw new Gap(from, true);
  }
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG (and ZIP) use it. */
function crc32(data: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
