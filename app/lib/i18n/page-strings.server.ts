import { PAGE_STRINGS_ID } from "./page-strings";
import type { Tree } from "./translator";

const END = "</body></html>";
const encoder = new TextEncoder();

/** A JSON data block (never run, so no nonce): `<` escaped, so no text in it can close the element. */
export function pageStringsElement(strings: Tree): string {
  return `<script type="application/json" id="${PAGE_STRINGS_ID}">${JSON.stringify(strings).replace(/</g, "\\u003c")}</script>`;
}

/** The element's bytes, per set of picked strings (remembered as the translator remembers the set: the same object). */
const elements = new WeakMap<Tree, Uint8Array>();

function elementBytes(strings: Tree): Uint8Array {
  let bytes = elements.get(strings);
  if (!bytes) elements.set(strings, (bytes = encoder.encode(pageStringsElement(strings))));
  // Each document gets its own copy: a stream's reader may take the buffer over.
  return bytes.slice();
}

/**
 * The document's stream with the strings its render used written at its end, before `</body></html>` (docs/decisions/
 * 0029): known only once the last streamed part is rendered, they let the browser hydrate without asking for the
 * locale's strings first. The last bytes of each chunk are held back until the next, to find that ending.
 */
export function withPageStrings(body: ReadableStream<Uint8Array>, strings: () => Tree): ReadableStream<Uint8Array> {
  const tail = encoder.encode(END);
  let held = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // A chunk at least as long as the ending passes on but for its last bytes; a shorter one joins what is held.
        if (chunk.length >= tail.length) {
          if (held.length) controller.enqueue(held);
          controller.enqueue(chunk.subarray(0, chunk.length - tail.length));
          held = chunk.slice(chunk.length - tail.length);
          return;
        }
        const all = new Uint8Array(held.length + chunk.length);
        all.set(held);
        all.set(chunk, held.length);
        const keep = Math.min(tail.length, all.length);
        if (all.length > keep) controller.enqueue(all.subarray(0, all.length - keep));
        held = all.slice(all.length - keep);
      },
      flush(controller) {
        const element = elementBytes(strings());
        const endsTheDocument = held.length === tail.length && held.every((byte, index) => byte === tail[index]);
        if (endsTheDocument) controller.enqueue(element);
        if (held.length) controller.enqueue(held);
        if (!endsTheDocument) controller.enqueue(element);
      },
    }),
  );
}

/**
 * A document whose render is complete (nothing left to stream) as one body, with its strings in place: one chunk through
 * the runtime instead of one per 2 KB of HTML, and a Content-Length the browser can use.
 */
export async function wholePageWithStrings(body: ReadableStream<Uint8Array>, strings: () => Tree): Promise<Uint8Array<ArrayBuffer>> {
  const page = new Uint8Array(await new Response(body).arrayBuffer());
  const tail = encoder.encode(END);
  const element = elementBytes(strings());
  const endsAt = page.length - tail.length;
  const at = endsAt >= 0 && tail.every((byte, index) => page[endsAt + index] === byte) ? endsAt : page.length;
  const whole = new Uint8Array(page.length + element.length);
  whole.set(page.subarray(0, at));
  whole.set(element, at);
  whole.set(page.subarray(at), at + element.length);
  return whole;
}
