import { describe, expect, it } from "vitest";
import { inspectFile, type Inspection, type Refusal } from "./file-kinds";
import { concat, latin1, le16, pngOf, u32 } from "@test-setup/upload-samples";
import {
  text,
  le32,
  patched,
  randomBytes,
  box,
  fullBox,
  ispe,
  heifOf,
  webpOf,
  vp8x,
  zipOf,
  pdfOf,
  jpeg,
  webp,
  avif,
  jpegFrame,
  jpegSized,
  webpSized,
  avifSized,
} from "@test-setup/file-builders";

// Uploads are told apart by their bytes: real images of the storefront, and files built here byte by byte where the
// repository has none (PNG, HEIC, PDF, ZIP) or where a header must say something a real file would not.

const MAX_PIXELS = 100_000_000;
const inspect = (bytes: Uint8Array, maxPixels = MAX_PIXELS) => inspectFile(bytes, { maxPixels });
const refusal = (reason: Refusal): Inspection => ({ ok: false, reason });

// ---- Bytes ----

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
