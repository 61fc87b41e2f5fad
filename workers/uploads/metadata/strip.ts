import type { FileKind } from "../file-kinds";
import { type Parser, Rewriter, type Verdict } from "./driver";
import { heifMetadataRanges, zeroHeifMetadata } from "./heif";
import { jpeg } from "./jpeg";
import { png } from "./png";
import { webp } from "./webp";

/**
 * What is stored and served of a photo carries no metadata but what shows its pixels: GPS and every other EXIF field,
 * XMP and IPTC are cut from JPEG, PNG and WebP by rewriting their segments and chunks (never decoding the image); their
 * orientation stays in an EXIF of its own and is returned, the colour profile stays (decision 0047).
 * A HEIC's or AVIF's EXIF and XMP items are zeroed where they lie (heif.ts), whether it came whole or in parts (the
 * creator sends no HEIC, the browser makes it a JPEG, but the worker stores what is posted to it). PDF and ZIP are
 * not photos.
 */

const parsers: Partial<Record<FileKind, (riffSize?: number) => Parser>> = { jpeg, png, webp };

export type Stripped = { ok: true; orientation: number; bytes: Uint8Array } | Extract<Verdict, { ok: false }>;

/** A whole file in memory, rewritten. */
export function stripBytes(kind: FileKind, bytes: Uint8Array): Stripped {
  if (kind === "heic" || kind === "avif") {
    const zeroed = zeroHeifMetadata(bytes);
    return zeroed ? { ok: true, orientation: 1, bytes: zeroed } : { ok: false, reason: "corrupt" };
  }
  const make = parsers[kind];
  if (!make) return { ok: true, orientation: 1, bytes };
  const pieces: Uint8Array[] = [];
  const rewriter = new Rewriter(make(), (piece) => pieces.push(piece.slice()));
  rewriter.push(bytes);
  const verdict = rewriter.end();
  if (!verdict.ok) return verdict;
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  // A WebP's RIFF header names the size of what follows it: the rewritten file's.
  if (kind === "webp") new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return { ok: true, orientation: verdict.orientation, bytes: out };
}

/**
 * A file in R2, too large to hold (an upload in parts), rewritten as a stream of known length (R2 stores only such):
 * a first read counts what the rewrite keeps and checks it, a second writes it. Null body when the bytes are refused.
 */
export async function stripStored(
  bucket: R2Bucket,
  key: string,
  kind: FileKind,
): Promise<{ ok: true; orientation: number; size: number; body: ReadableStream } | Extract<Verdict, { ok: false }>> {
  if (kind === "heic" || kind === "avif") return zeroStoredHeif(bucket, key);
  const make = parsers[kind];
  const first = await bucket.get(key);
  if (!first) return { ok: false, reason: "truncated" };
  if (!make) return { ok: true, orientation: 1, size: first.size, body: first.body };
  let size = 0;
  const counting = new Rewriter(make(), (piece) => {
    size += piece.length;
  });
  for await (const chunk of first.body as unknown as AsyncIterable<Uint8Array>) counting.push(chunk);
  const verdict = counting.end();
  if (!verdict.ok) return verdict;
  const second = await bucket.get(key);
  if (!second) return { ok: false, reason: "truncated" };
  const { readable, writable } = new FixedLengthStream(size);
  const writer = writable.getWriter();
  const writing = (async () => {
    // Pieces are views of the incoming chunk: copied, as the writer may still hold them when the next one comes.
    const rewriter = new Rewriter(make(size - 8), (piece) => {
      writer.write(piece.slice()).catch(() => {});
    });
    for await (const chunk of second.body as unknown as AsyncIterable<Uint8Array>) {
      rewriter.push(chunk);
      await writer.ready;
    }
    rewriter.end();
    await writer.close();
  })();
  writing.catch((error: unknown) => writer.abort(error).catch(() => {}));
  return { ok: true, orientation: verdict.orientation, size, body: readable };
}

/** Where a HEIC's `meta` box is looked for: the head of the file (phones and encoders write it before the pixels). */
const HEIF_HEAD_BYTES = 1024 * 1024;

/** A HEIC or AVIF in R2, streamed with its EXIF and XMP items zeroed where they lie (its length unchanged). */
async function zeroStoredHeif(
  bucket: R2Bucket,
  key: string,
): Promise<{ ok: true; orientation: number; size: number; body: ReadableStream } | Extract<Verdict, { ok: false }>> {
  const stored = await bucket.head(key);
  if (!stored) return { ok: false, reason: "truncated" };
  const head = await bucket.get(key, { range: { offset: 0, length: Math.min(stored.size, HEIF_HEAD_BYTES) } });
  if (!head) return { ok: false, reason: "truncated" };
  const ranges = heifMetadataRanges(new Uint8Array(await head.arrayBuffer()), stored.size);
  if (!ranges) return { ok: false, reason: "corrupt" };
  const whole = await bucket.get(key);
  if (!whole) return { ok: false, reason: "truncated" };
  let position = 0;
  const zeroing = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const out = chunk.slice();
      for (const { start, end } of ranges) {
        const from = Math.max(start - position, 0);
        const to = Math.min(end - position, out.length);
        if (from < to) out.fill(0, from, to);
      }
      position += chunk.length;
      controller.enqueue(out);
    },
  });
  const body = whole.body.pipeThrough(zeroing).pipeThrough(new FixedLengthStream(whole.size));
  return { ok: true, orientation: 1, size: whole.size, body };
}
