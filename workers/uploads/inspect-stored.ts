import { Gap, inspectWindows, type Inspection, type Window } from "./file-kinds";

/**
 * The head and tail read of a large file: its header, and its end (a JPEG's EOI and phone trailers, a ZIP's directory).
 */
const HEAD_BYTES = 1024 * 1024;
const TAIL_BYTES = 1024 * 1024;
/**
 * A reader that lands between them gets this much more, a few times at most (boxes and chunks are jumped, not walked).
 */
const MORE_BYTES = 64 * 1024;
const MORE_READS = 16;

/**
 * Inspects a file already in R2 (an upload completed from parts) as a single upload is inspected, by ranged reads of
 * its head and tail and of what a format reader asks for between them, so a 200 MB file is never held in memory. A
 * JPEG whose end is not in the tail (a long trailer, a motion photo's video) is looked for in a stream.
 */
export async function inspectStored(
  bucket: R2Bucket,
  key: string,
  size: number,
  limits: { maxPixels: number },
): Promise<Inspection> {
  const read = async (offset: number, length: number): Promise<Window> => {
    const object = await bucket.get(key, { range: { offset, length } });
    return { at: offset, bytes: new Uint8Array(object ? await object.arrayBuffer() : new ArrayBuffer(0)) };
  };
  const windows =
    size <= HEAD_BYTES + TAIL_BYTES
      ? [await read(0, size)]
      : await Promise.all([read(0, HEAD_BYTES), read(size - TAIL_BYTES, TAIL_BYTES)]);
  let eoiFrom: { at: number; found: boolean } | undefined;
  for (let reads = 0; reads <= MORE_READS; reads++) {
    const found = inspectWindows(size, windows, limits, eoiFrom);
    if (!(found instanceof Gap)) return found;
    if (found.scan) eoiFrom = { at: found.at, found: await streamHasPair(bucket, key, found.at, 0xff, 0xd9) };
    // A little before the gap too, so that a read across a window's edge fits in the new one.
    else windows.push(await read(Math.max(0, found.at - 64), Math.min(MORE_BYTES, size - Math.max(0, found.at - 64))));
  }
  // A layout that sends the readers back and forth more than that is not one a camera or a PDF writer makes.
  return { ok: false, reason: "corrupt" };
}

/** Whether `first` then `second` occurs from `offset` on, read as a stream (never held whole). */
async function streamHasPair(bucket: R2Bucket, key: string, offset: number, first: number, second: number) {
  const object = await bucket.get(key, { range: { offset } });
  if (!object) return false;
  const reader = object.body.getReader();
  let previous = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return false;
    if (previous === first && value[0] === second) return cancelled(reader);
    for (
      let index = value.indexOf(first);
      index !== -1 && index + 1 < value.length;
      index = value.indexOf(first, index + 1)
    ) {
      if (value[index + 1] === second) return cancelled(reader);
    }
    previous = value[value.length - 1] ?? previous;
  }
}

async function cancelled(reader: ReadableStreamDefaultReader<Uint8Array>) {
  await reader.cancel();
  return true;
}
