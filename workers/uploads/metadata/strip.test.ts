import { describe, expect, it } from "vitest";
import { photo } from "@test-setup/photo-fixtures";
import { JPEG_800X600, sampleBytes } from "@test-setup/upload-samples";
import { Rewriter } from "./driver";
import { jpeg } from "./jpeg";
import { png } from "./png";
import { stripBytes } from "./strip";
import { webp } from "./webp";

// The rewrite as it streams: whatever the chunks a file arrives in (one byte at a time, R2's own), the bytes kept are
// the same as from the whole file, and a file cut short is told apart from a whole one.

const parsers = { jpeg, png, webp };

function inChunks(kind: keyof typeof parsers, bytes: Uint8Array, size: number) {
  const pieces: number[] = [];
  const rewriter = new Rewriter(parsers[kind](), (piece) => pieces.push(...piece));
  for (let at = 0; at < bytes.length; at += size) rewriter.push(bytes.subarray(at, at + size));
  return { verdict: rewriter.end(), bytes: Uint8Array.from(pieces) };
}

describe("the metadata rewrite, chunk by chunk", () => {
  for (const [name, kind] of [
    ["gps.jpg", "jpeg"],
    ["orientation-8.jpg", "jpeg"],
    ["gps.png", "png"],
    ["gps.webp", "webp"],
    ["orientation-6.png", "png"],
    ["orientation-6.webp", "webp"],
    ["orientation-8.webp", "webp"],
  ] as const)
    it(`gives the same bytes for ${name} in chunks of any size`, () => {
      const file = photo(name);
      const whole = stripBytes(kind, file);
      if (!whole.ok) throw new Error(whole.reason);
      for (const size of [1, 2, 3, 7, 64, 4096]) {
        const chunked = inChunks(kind, file, size);
        expect(chunked.verdict, `${size}`).toEqual({ ok: true, orientation: whole.orientation });
        // The WebP's RIFF size is patched by stripBytes only; the rest is the same.
        if (kind === "webp") chunked.bytes.set(whole.bytes.subarray(4, 8), 4);
        expect(chunked.bytes, `${size}`).toEqual(whole.bytes);
      }
    });

  it("leaves a progressive JPEG without metadata byte for byte, and drops what follows its end", () => {
    const file = sampleBytes(JPEG_800X600);
    const trailed = new Uint8Array(file.length + 1000).fill(0x41);
    trailed.set(file);
    for (const bytes of [file, trailed]) {
      const stripped = stripBytes("jpeg", bytes);
      expect(stripped.ok && stripped.bytes).toEqual(file);
    }
  });

  it("says a file cut short is truncated, wherever it is cut", () => {
    // gps.jpg ends with a 30-byte trailer: cut before it, in its image data.
    const file = photo("gps.jpg");
    for (const end of [1, 3, 40, 200, file.length - 40])
      expect(stripBytes("jpeg", file.subarray(0, end)), `${end}`).toMatchObject({ ok: false, reason: "truncated" });
    const plain = photo("orientation-8.jpg");
    expect(stripBytes("jpeg", plain.subarray(0, plain.length - 1))).toMatchObject({ ok: false, reason: "truncated" });
  });
});
