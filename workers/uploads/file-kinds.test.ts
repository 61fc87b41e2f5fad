import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, inspectFile, type Inspection, type Refusal } from "./file-kinds";
import { concat, latin1, pngOf, u32 } from "@test-setup/upload-samples";
import {
  text,
  le32,
  randomBytes,
  ispe,
  heifOf,
  webpOf,
  webpChunk,
  vp8x,
  zipOf,
  EMPTY_ZIP,
  pdfOf,
  jpeg,
  webp,
  avif,
  jpegFrame,
} from "@test-setup/file-builders";

// Uploads are told apart by their bytes: real images of the storefront, and files built here byte by byte where the
// repository has none (PNG, HEIC, PDF, ZIP) or where a header must say something a real file would not.

const MAX_PIXELS = 100_000_000;
const inspect = (bytes: Uint8Array, maxPixels = MAX_PIXELS) => inspectFile(bytes, { maxPixels });
const refusal = (reason: Refusal): Inspection => ({ ok: false, reason });

// ---- Bytes ----

describe("inspectFile accepts", () => {
  it("a real progressive JPEG, sized from its frame header", () => {
    expect(jpeg[jpegFrame + 4]).toBe(8); // the frame header's precision: the search found the real SOF2
    expect(inspect(jpeg)).toEqual({ ok: true, kind: "jpeg", contentType: "image/jpeg", width: 800, height: 600 });
  });

  it("a JPEG padded with zero bytes after its EOI, or with a phone's trailer after it", () => {
    expect(inspect(concat(jpeg, new Uint8Array(100)))).toMatchObject({
      ok: true,
      kind: "jpeg",
      width: 800,
      height: 600,
    });
    expect(inspect(concat(jpeg, latin1("SEFH\x01\x00\x00\x00Image_UTC_Data1700000000000SEFT")))).toMatchObject({
      ok: true,
      kind: "jpeg",
    });
  });

  it("a real lossy WebP (VP8)", () => {
    expect(inspect(webp)).toEqual({ ok: true, kind: "webp", contentType: "image/webp", width: 800, height: 600 });
  });

  it("a lossless WebP (VP8L) and an extended one (VP8X), built here", () => {
    const packed = (1000 - 1) | ((700 - 1) << 14);
    const lossless = webpOf(webpChunk("VP8L", concat(Uint8Array.of(0x2f), le32(packed), new Uint8Array(16))));
    expect(inspect(lossless)).toMatchObject({ ok: true, kind: "webp", width: 1000, height: 700 });
    const extended = webpOf(vp8x(800, 600), webp.subarray(12));
    expect(inspect(extended)).toMatchObject({ ok: true, kind: "webp", width: 800, height: 600 });
  });

  it("a real AVIF (mif1, avif, miaf), sized from its ispe property", () => {
    expect(inspect(avif)).toEqual({ ok: true, kind: "avif", contentType: "image/avif", width: 800, height: 600 });
  });

  it("a PNG built here, sized from its IHDR", () => {
    expect(inspect(pngOf(3, 2))).toEqual({ ok: true, kind: "png", contentType: "image/png", width: 3, height: 2 });
    expect(inspect(pngOf(4000, 3000))).toMatchObject({ ok: true, kind: "png", width: 4000, height: 3000 });
  });

  it("a HEIC built here: ftyp(heic, mif1) + meta + mdat; of several ispe (tiles and their grid) the largest counts", () => {
    expect(inspect(heifOf())).toEqual({ ok: true, kind: "heic", contentType: "image/heic", width: 4032, height: 3024 });
    const tiled = heifOf({ extents: [ispe(512, 512), ispe(4032, 3024), ispe(320, 240)] });
    expect(inspect(tiled)).toMatchObject({ ok: true, kind: "heic", width: 4032, height: 3024 });
  });

  it("tells HEIF brands apart: mif1 alone is heic, an avif brand beside mif1 is avif", () => {
    expect(inspect(heifOf({ brands: ["mif1", "mif1"] }))).toMatchObject({ ok: true, kind: "heic" });
    expect(inspect(heifOf({ brands: ["heix", "mif1", "hevc"] }))).toMatchObject({ ok: true, kind: "heic" });
    expect(inspect(heifOf({ brands: ["mif1", "miaf", "avif"] }))).toMatchObject({ ok: true, kind: "avif" });
    expect(inspect(heifOf({ brands: ["avis", "msf1"] }))).toMatchObject({ ok: true, kind: "avif" });
  });

  it("a PDF made by pdf-lib, without a size", async () => {
    expect(inspect(await pdfOf())).toEqual({
      ok: true,
      kind: "pdf",
      contentType: "application/pdf",
      width: null,
      height: null,
    });
  });

  it("a ZIP archive built here, and an empty one, without a size", () => {
    const zip = zipOf("order.txt", text("Two mugs, please."));
    expect(inspect(zip)).toEqual({ ok: true, kind: "zip", contentType: "application/zip", width: null, height: null });
    expect(inspect(EMPTY_ZIP)).toMatchObject({ ok: true, kind: "zip" });
  });

  it("bytes that are a window into a larger buffer", () => {
    const buffer = concat(text("something before"), jpeg, text("something after"));
    const window = buffer.subarray(16, 16 + jpeg.length);
    expect(inspect(window)).toMatchObject({ ok: true, kind: "jpeg", width: 800, height: 600 });
  });

  it("an image of exactly maxPixels, but not one pixel more", () => {
    expect(inspect(jpeg, 800 * 600)).toMatchObject({ ok: true });
    expect(inspect(jpeg, 800 * 600 - 1)).toEqual(refusal("tooManyPixels"));
  });

  it("with one content type per kind", () => {
    expect(CONTENT_TYPES).toEqual({
      jpeg: "image/jpeg",
      png: "image/png",
      webp: "image/webp",
      heic: "image/heic",
      avif: "image/avif",
      pdf: "application/pdf",
      zip: "application/zip",
    });
  });
});

describe("inspectFile never throws", () => {
  const REASONS = new Set<Refusal>(["empty", "unsupported", "truncated", "corrupt", "tooManyPixels"]);
  const answers = (bytes: Uint8Array) => {
    const inspection = inspect(bytes);
    return inspection.ok ? CONTENT_TYPES[inspection.kind] === inspection.contentType : REASONS.has(inspection.reason);
  };
  const MAGICS = [
    Uint8Array.of(0xff, 0xd8, 0xff),
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    concat(latin1("RIFF"), le32(64), latin1("WEBP")),
    concat(u32(20), latin1("ftypavif"), u32(0), latin1("mif1")),
    concat(u32(0), latin1("ftypheic")),
    latin1("%PDF-"),
    latin1("PK\x03\x04"),
    latin1("PK\x05\x06"),
  ];

  it("on 200 random byte arrays, bare or behind each kind's magic bytes", () => {
    const random = randomBytes(2026);
    for (let round = 0; round < 200; round++) {
      const bytes = random.bytes(Math.floor(random.next() * 600));
      expect(answers(bytes), `random #${round}`).toBe(true);
      for (const magic of MAGICS) expect(answers(concat(magic, bytes)), `random #${round} behind ${magic}`).toBe(true);
    }
  });

  it("on every prefix of 0 to 64 bytes of every sample", async () => {
    const samples = [jpeg, webp, avif, pngOf(3, 2), heifOf(), await pdfOf(), zipOf("a.txt", text("a")), EMPTY_ZIP];
    for (const sample of samples) {
      for (let length = 0; length <= 64; length++)
        expect(answers(sample.subarray(0, length)), `prefix ${length}`).toBe(true);
    }
  });

  it("on the real samples with random bytes of their headers overwritten", () => {
    const random = randomBytes(99);
    for (const sample of [jpeg, webp, avif, pngOf(3, 2), heifOf()]) {
      for (let round = 0; round < 200; round++) {
        const mutated = sample.slice();
        for (let flips = 1 + Math.floor(random.next() * 4); flips > 0; flips--) {
          mutated[Math.floor(random.next() * Math.min(512, sample.length))] = Math.floor(random.next() * 256);
        }
        expect(answers(mutated)).toBe(true);
      }
    }
  });

  it("on boxes and chunks declaring sizes far past the end (up to 64-bit)", () => {
    const largeBox = concat(u32(1), latin1("mdat"), u32(0xffffffff), u32(0xffffffff));
    expect(inspect(concat(heifOf({ mdat: false }), largeBox))).toEqual(refusal("truncated"));
    expect(inspect(concat(latin1("RIFF"), le32(0xffffffff), latin1("WEBPVP8 ")))).toEqual(refusal("truncated"));
    expect(inspect(concat(pngOf(3, 2).subarray(0, 33), u32(0xfffffff0), latin1("IDAT"), u32(0)))).toEqual(
      refusal("corrupt"),
    );
    expect(inspect(concat(pngOf(3, 2).subarray(0, 33), u32(0x7ffffff0), latin1("IDAT"), u32(0)))).toEqual(
      refusal("truncated"),
    );
  });
});
