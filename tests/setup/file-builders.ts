import { PDFDocument } from "pdf-lib";
import {
  AVIF_800X600,
  concat,
  crc32,
  JPEG_800X600,
  latin1,
  le16,
  sampleBytes,
  u32,
  WEBP_800X600,
} from "@test-setup/upload-samples";

// Files built byte by byte for the uploads worker's tests (workers/uploads/file-kinds*.test.ts), and the real samples
// with their headers patched to declare other sizes.

export const text = (value: string) => new TextEncoder().encode(value);
export const le32 = (n: number) => Uint8Array.of(n, n >>> 8, n >>> 16, n >>> 24);
const indexOf = (bytes: Uint8Array, needle: Uint8Array) => {
  for (let at = 0; at + needle.length <= bytes.length; at++)
    if (needle.every((byte, i) => bytes[at + i] === byte)) return at;
  throw new Error("needle not found");
};
export const patched = (bytes: Uint8Array, at: number, value: Uint8Array) => {
  const copy = bytes.slice();
  copy.set(value, at);
  return copy;
};

/** A seeded generator (mulberry32), so that "random" inputs are the same on every run. */
export function randomBytes(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { next, bytes: (length: number) => Uint8Array.from({ length }, () => Math.floor(next() * 256)) };
}

// ---- Files built here ----

export const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(...content);
  return concat(u32(8 + body.length), latin1(type), body);
};
export const fullBox = (type: string, ...content: Uint8Array[]) => box(type, new Uint8Array(4), ...content);
export const ispe = (width: number, height: number) => fullBox("ispe", u32(width), u32(height));

/** A HEIF file with the boxes this module reads: ftyp, meta (hdlr, iprp > ipco > ispe...) and mdat. */
export function heifOf({ brands = ["heic", "mif1", "heic"], extents = [ispe(4032, 3024)], mdat = true } = {}) {
  const [major, ...compatible] = brands;
  const ftyp = box("ftyp", latin1(major), u32(0), ...compatible.map(latin1));
  const hdlr = fullBox("hdlr", u32(0), latin1("pict"), new Uint8Array(12), Uint8Array.of(0));
  const meta = fullBox("meta", hdlr, box("iprp", box("ipco", ...extents)));
  return concat(ftyp, meta, mdat ? box("mdat", new Uint8Array(64).fill(0x5a)) : new Uint8Array());
}

/** A RIFF WebP around the given chunks. */
export const webpOf = (...chunks: Uint8Array[]) => {
  const body = concat(latin1("WEBP"), ...chunks);
  return concat(latin1("RIFF"), le32(body.length), body);
};
export const webpChunk = (type: string, data: Uint8Array) =>
  concat(latin1(type), le32(data.length), data, new Uint8Array(data.length & 1));
export const vp8x = (width: number, height: number) =>
  webpChunk("VP8X", concat(new Uint8Array(4), le32(width - 1).slice(0, 3), le32(height - 1).slice(0, 3)));

/** A stored (uncompressed) ZIP archive with one file, as any unzip tool reads it. */
export function zipOf(name: string, content: Uint8Array) {
  const nameBytes = text(name);
  const common = concat(
    le16(0),
    le16(0),
    le16(0),
    le16(0),
    le32(crc32(content)),
    le32(content.length),
    le32(content.length),
    le16(nameBytes.length),
  );
  const local = concat(le32(0x04034b50), le16(20), common, le16(0), nameBytes, content);
  const central = concat(
    le32(0x02014b50),
    le16(20),
    le16(20),
    common,
    le16(0),
    le16(0),
    le16(0),
    le16(0),
    le32(0),
    le32(0),
    nameBytes,
  );
  const end = concat(
    le32(0x06054b50),
    le16(0),
    le16(0),
    le16(1),
    le16(1),
    le32(central.length),
    le32(local.length),
    le16(0),
  );
  return concat(local, central, end);
}
export const EMPTY_ZIP = concat(le32(0x06054b50), new Uint8Array(18));

export async function pdfOf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595.28, 841.89]).drawText("Proof of order");
  return pdf.save();
}

export const jpeg = sampleBytes(JPEG_800X600);
export const webp = sampleBytes(WEBP_800X600);
export const avif = sampleBytes(AVIF_800X600);
/** Where the real JPEG's frame header (SOF2, progressive) starts: FF C2, length, precision, height, width. */
export const jpegFrame = indexOf(jpeg, Uint8Array.of(0xff, 0xc2));
/** Where the real AVIF's ispe box's width starts (after its type and 4 bytes of version and flags). */
const avifWidth = indexOf(avif, latin1("ispe")) + 8;
export const jpegSized = (width: number, height: number) =>
  patched(jpeg, jpegFrame + 5, concat(u32(height).slice(2), u32(width).slice(2)));
export const webpSized = (width: number, height: number) => patched(webp, 26, concat(le16(width), le16(height)));
export const avifSized = (width: number, height: number) => patched(avif, avifWidth, concat(u32(width), u32(height)));
