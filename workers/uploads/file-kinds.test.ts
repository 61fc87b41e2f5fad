import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, inspectFile, type Inspection, type Refusal } from "./file-kinds";
import {
  AVIF_800X600,
  concat,
  crc32,
  JPEG_800X600,
  latin1,
  le16,
  pngChunk,
  pngOf,
  sampleBytes,
  u32,
  WEBP_800X600,
} from "@test-setup/upload-samples";

// Uploads are told apart by their bytes: real images of the storefront, and files built here byte by byte where the
// repository has none (PNG, HEIC, PDF, ZIP) or where a header must say something a real file would not.

const MAX_PIXELS = 100_000_000;
const inspect = (bytes: Uint8Array, maxPixels = MAX_PIXELS) => inspectFile(bytes, { maxPixels });
const refusal = (reason: Refusal): Inspection => ({ ok: false, reason });

// ---- Bytes ----

const text = (value: string) => new TextEncoder().encode(value);
const le32 = (n: number) => Uint8Array.of(n, n >>> 8, n >>> 16, n >>> 24);
const indexOf = (bytes: Uint8Array, needle: Uint8Array) => {
  for (let at = 0; at + needle.length <= bytes.length; at++)
    if (needle.every((byte, i) => bytes[at + i] === byte)) return at;
  throw new Error("needle not found");
};
const patched = (bytes: Uint8Array, at: number, value: Uint8Array) => {
  const copy = bytes.slice();
  copy.set(value, at);
  return copy;
};

/** A seeded generator (mulberry32), so that "random" inputs are the same on every run. */
function randomBytes(seed: number) {
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

const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(...content);
  return concat(u32(8 + body.length), latin1(type), body);
};
const fullBox = (type: string, ...content: Uint8Array[]) => box(type, new Uint8Array(4), ...content);
const ispe = (width: number, height: number) => fullBox("ispe", u32(width), u32(height));

/** A HEIF file with the boxes this module reads: ftyp, meta (hdlr, iprp > ipco > ispe...) and mdat. */
function heifOf({ brands = ["heic", "mif1", "heic"], extents = [ispe(4032, 3024)], mdat = true } = {}) {
  const [major, ...compatible] = brands;
  const ftyp = box("ftyp", latin1(major), u32(0), ...compatible.map(latin1));
  const hdlr = fullBox("hdlr", u32(0), latin1("pict"), new Uint8Array(12), Uint8Array.of(0));
  const meta = fullBox("meta", hdlr, box("iprp", box("ipco", ...extents)));
  return concat(ftyp, meta, mdat ? box("mdat", new Uint8Array(64).fill(0x5a)) : new Uint8Array());
}

/** A RIFF WebP around the given chunks. */
const webpOf = (...chunks: Uint8Array[]) => {
  const body = concat(latin1("WEBP"), ...chunks);
  return concat(latin1("RIFF"), le32(body.length), body);
};
const webpChunk = (type: string, data: Uint8Array) =>
  concat(latin1(type), le32(data.length), data, new Uint8Array(data.length & 1));
const vp8x = (width: number, height: number) =>
  webpChunk("VP8X", concat(new Uint8Array(4), le32(width - 1).slice(0, 3), le32(height - 1).slice(0, 3)));

/** A stored (uncompressed) ZIP archive with one file, as any unzip tool reads it. */
function zipOf(name: string, content: Uint8Array) {
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
const EMPTY_ZIP = concat(le32(0x06054b50), new Uint8Array(18));

async function pdfOf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595.28, 841.89]).drawText("Proof of order");
  return pdf.save();
}

const jpeg = sampleBytes(JPEG_800X600);
const webp = sampleBytes(WEBP_800X600);
const avif = sampleBytes(AVIF_800X600);
/** Where the real JPEG's frame header (SOF2, progressive) starts: FF C2, length, precision, height, width. */
const jpegFrame = indexOf(jpeg, Uint8Array.of(0xff, 0xc2));
/** Where the real AVIF's ispe box's width starts (after its type and 4 bytes of version and flags). */
const avifWidth = indexOf(avif, latin1("ispe")) + 8;
const jpegSized = (width: number, height: number) =>
  patched(jpeg, jpegFrame + 5, concat(u32(height).slice(2), u32(width).slice(2)));
const webpSized = (width: number, height: number) => patched(webp, 26, concat(le16(width), le16(height)));
const avifSized = (width: number, height: number) => patched(avif, avifWidth, concat(u32(width), u32(height)));

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

describe("inspectFile refuses", () => {
  it("an empty file", () => {
    expect(inspect(new Uint8Array())).toEqual(refusal("empty"));
  });

  it("whatever it does not know, whatever the file was called", () => {
    const others: Record<string, Uint8Array> = {
      html: text("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      "svg (say, uploaded as photo.jpg)": text(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      ),
      xml: text('<?xml version="1.0"?><order/>'),
      "shell script": text("#!/bin/sh\nrm -rf /\n"),
      "Windows executable": concat(latin1("MZ"), new Uint8Array(62), latin1("PE\0\0")),
      ELF: concat(Uint8Array.of(0x7f), latin1("ELF"), Uint8Array.of(2, 1, 1), new Uint8Array(57)),
      "Mach-O": concat(Uint8Array.of(0xcf, 0xfa, 0xed, 0xfe), new Uint8Array(28)),
      GIF: concat(latin1("GIF89a"), le16(1), le16(1), Uint8Array.of(0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x3b)),
      BMP: concat(latin1("BM"), le32(58), new Uint8Array(52)),
      TIFF: concat(latin1("II*\0"), le32(8), new Uint8Array(16)),
      "big-endian TIFF": concat(latin1("MM\0*"), u32(8), new Uint8Array(16)),
      text: text("Please print this on a mug."),
      "MP4 video (ISO BMFF, but not an image brand)": concat(
        box("ftyp", latin1("isom"), u32(512), latin1("isom"), latin1("mp41")),
        box("mdat", new Uint8Array(8)),
      ),
      "AVI video (RIFF, but not WebP)": concat(latin1("RIFF"), le32(4), latin1("AVI ")),
      "random bytes": randomBytes(7).bytes(4096),
      "too short to be a JPEG": Uint8Array.of(0xff, 0xd8),
    };
    for (const [name, bytes] of Object.entries(others)) expect(inspect(bytes), name).toEqual(refusal("unsupported"));
  });

  it("each image cut short, anywhere past its magic bytes", () => {
    const images: [string, Uint8Array, number][] = [
      ["jpeg", jpeg, 3],
      ["png", pngOf(3, 2), 8],
      ["webp", webp, 12],
      ["avif", avif, 8],
      ["heic", heifOf(), 8],
    ];
    for (const [name, bytes, magic] of images) {
      for (let length = magic; length < bytes.length; length++) {
        expect(inspect(bytes.subarray(0, length)), `${name} cut to ${length} bytes`).toEqual(refusal("truncated"));
      }
    }
  });

  it("a PDF or a ZIP cut short, and a PDF whose %%EOF is not within its last 1024 bytes", async () => {
    const pdf = await pdfOf();
    expect(inspect(pdf.subarray(0, pdf.length / 2))).toEqual(refusal("truncated"));
    expect(inspect(concat(pdf, new Uint8Array(1024).fill(0x20)))).toEqual(refusal("truncated"));
    const zip = zipOf("order.txt", text("Two mugs, please."));
    expect(inspect(zip.subarray(0, zip.length - 1))).toEqual(refusal("truncated"));
    expect(inspect(zip.subarray(0, 40))).toEqual(refusal("truncated"));
  });

  it("a PNG whose IHDR CRC is wrong, or whose first chunk is not IHDR", () => {
    const png = pngOf(3, 2);
    const goodCrc = new DataView(png.buffer).getUint32(29);
    expect(inspect(pngOf(3, 2, { ihdrCrc: goodCrc ^ 1 }))).toEqual(refusal("corrupt"));
    expect(inspect(patched(png, 15, latin1("X")))).toEqual(refusal("corrupt")); // "IHDX"
    // A size patched in without fixing the CRC: what a crafted bomb would look like.
    expect(inspect(patched(png, 16, u32(30000)))).toEqual(refusal("corrupt"));
  });

  it("a JPEG whose marker structure is broken, or whose image data comes before any frame header", () => {
    // The first segment (DQT, length 0x43) said one byte longer: the next marker is then read one byte late.
    expect(jpeg.subarray(2, 6)).toEqual(Uint8Array.of(0xff, 0xdb, 0x00, 0x43));
    expect(inspect(patched(jpeg, 5, Uint8Array.of(0x44)))).toEqual(refusal("corrupt"));
    expect(inspect(patched(jpeg, jpegFrame, Uint8Array.of(0x12)))).toEqual(refusal("corrupt"));
    const noFrame = concat(Uint8Array.of(0xff, 0xd8, 0xff, 0xda, 0, 2), new Uint8Array(10), Uint8Array.of(0xff, 0xd9));
    expect(inspect(noFrame)).toEqual(refusal("corrupt"));
  });

  it("a WebP with a broken VP8 start code, an unknown first chunk, or a chunk larger than the RIFF", () => {
    expect(inspect(patched(webp, 23, Uint8Array.of(0x00)))).toEqual(refusal("corrupt"));
    expect(inspect(patched(webp, 12, latin1("ALPH")))).toEqual(refusal("corrupt"));
    expect(inspect(patched(webp, 16, le32(webp.length)))).toEqual(refusal("corrupt"));
  });

  it("a HEIC without an ispe, with one too short, or with one running past its parent box", () => {
    expect(inspect(heifOf({ extents: [] }))).toEqual(refusal("corrupt"));
    expect(inspect(heifOf({ extents: [fullBox("ispe", u32(4032))] }))).toEqual(refusal("corrupt"));
    expect(inspect(heifOf({ extents: [concat(u32(400), latin1("ispe"))] }))).toEqual(refusal("corrupt"));
  });

  it("a file cut right after its HEIF header, before the mdat with the pixels", () => {
    expect(inspect(heifOf({ mdat: false }))).toEqual(refusal("truncated"));
  });

  it("an image whose header declares 30000 x 30000 (a decompression bomb), found from the header alone", () => {
    const bomb = refusal("tooManyPixels");
    expect(inspect(pngOf(30000, 30000))).toEqual(bomb);
    expect(inspect(jpegSized(30000, 30000))).toEqual(bomb);
    expect(inspect(webpOf(vp8x(30000, 30000), webp.subarray(12)))).toEqual(bomb);
    expect(inspect(avifSized(30000, 30000))).toEqual(bomb);
    expect(inspect(heifOf({ extents: [ispe(30000, 30000)] }))).toEqual(bomb);
    // VP8 has 14 bits per side: 16383 x 16383 is its largest, and too many too.
    expect(inspect(webpSized(16383, 16383))).toEqual(bomb);
  });

  it("a bomb hidden behind a small declared size: a WebP canvas or a HEIC thumbnail", () => {
    const huge = concat(webp.subarray(12, 26), le16(16383), le16(16383), webp.subarray(30));
    expect(inspect(webpOf(vp8x(800, 600), huge))).toEqual(refusal("tooManyPixels"));
    expect(inspect(heifOf({ extents: [ispe(320, 240), ispe(30000, 30000)] }))).toEqual(refusal("tooManyPixels"));
  });

  it("every image when the limit is no number (a missing setting read as NaN), though a PDF still passes", async () => {
    expect(inspect(jpeg, Number(undefined))).toEqual(refusal("tooManyPixels"));
    expect(inspect(await pdfOf(), Number(undefined))).toMatchObject({ ok: true, kind: "pdf" });
  });

  it("an image with a zero width or height", () => {
    expect(inspect(pngOf(0, 600))).toEqual(refusal("corrupt"));
    expect(inspect(jpegSized(800, 0))).toEqual(refusal("corrupt"));
    expect(inspect(webpSized(0, 600))).toEqual(refusal("corrupt"));
    expect(inspect(avifSized(800, 0))).toEqual(refusal("corrupt"));
    expect(inspect(heifOf({ extents: [ispe(0, 0)] }))).toEqual(refusal("corrupt"));
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
