import type { EntryContext } from "react-router";
import { nextTask } from "./next-task";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/** What a read gives when the isolate turns to its next task first. */
const NOT_YET = Symbol("not yet");

/**
 * Reads the page's loader data before the render, so that React Router writes it in place (docs/decisions/0029).
 * React Router's `ServerRouter` reads the loader data's stream as it renders: one Suspense level per chunk, each
 * waiting for its read, so even a page with nothing deferred had its data and the stream's end completed after the
 * shell (two hidden segments, React's script to move them into place, three flushes). Read first, the chunks at hand
 * go into React Router's own cache of reads (`renderMeta.streamCache`), and the render writes them at once. The
 * encoder ends its stream within microtasks of its first chunk when nothing waits; a read that has not settled before
 * the isolate turns to its next task waits for a deferred value, which streams behind its Suspense level as before.
 */
export async function loaderDataInPlace(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  context.renderMeta.streamCache ??= {};
  const cache: StreamCache = context.renderMeta.streamCache;
  const reader = stream.getReader();
  try {
    const first = await reader.read();
    const value = new TextDecoder().decode(first.value);
    const next = first.done ? null : reader.read();
    const after = next ? await Promise.race([next, nextTask().then((): typeof NOT_YET => NOT_YET)]) : first;
    if (after !== NOT_YET && after.done) {
      reader.releaseLock();
      cache[0] = settled({ done: true, value });
      return;
    }
    cache[0] = settled({ done: false, value });
    // The rest, from the read under way: React Router's next level reads it as before.
    context.serverHandoffStream = rest(reader, after === NOT_YET ? next! : Promise.resolve(after));
  } catch (error) {
    // React Router's level shows a failed read as it would have.
    reader.releaseLock();
    cache[0] = Object.assign(Promise.resolve(), { error });
  }
}

/** A read React Router finds done: its own reads are promises carrying their result. */
function settled(result: { done: boolean; value: string }) {
  return Object.assign(Promise.resolve(), { result });
}

/** The stream's remaining chunks, starting with a read already asked for. */
function rest(reader: ReadableStreamDefaultReader<Uint8Array>, pending: Promise<ReadableStreamReadResult<Uint8Array>>) {
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | null = pending;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await (next ?? reader.read());
      next = null;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
