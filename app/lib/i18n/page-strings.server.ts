import { PAGE_STRINGS_ID } from "./page-strings";
import type { Tree } from "./translator";

const encoder = new TextEncoder();
/** How a document ends; its strings go just before. */
const TAIL = encoder.encode("</body></html>");

/** Whether these bytes end as a document does. */
const endsTheDocument = (bytes: Uint8Array) =>
  bytes.length >= TAIL.length && TAIL.every((byte, index) => bytes[bytes.length - TAIL.length + index] === byte);

/** A JSON data block (never run, so no nonce): `<` escaped, so no text in it can close the element. */
export function pageStringsElement(strings: Tree): string {
  return `<script type="application/json" id="${PAGE_STRINGS_ID}">${JSON.stringify(strings).replace(/</g, "\\u003c")}</script>`;
}

/**
 * The element's bytes, per set of picked strings (remembered as the translator remembers the set: the same object).
 * Shared: what hands them to a stream hands a copy, as a stream's reader may take the buffer over.
 */
const elements = new WeakMap<Tree, Uint8Array<ArrayBuffer>>();

function elementBytes(strings: Tree): Uint8Array<ArrayBuffer> {
  let bytes = elements.get(strings);
  if (!bytes) {
    bytes = encoder.encode(pageStringsElement(strings));
    elements.set(strings, bytes);
  }
  return bytes;
}

/**
 * The document's stream with the strings its render used written at its end, before `</body></html>` (docs/decisions/
 * 0029): known only once the last streamed part is rendered, they let the browser hydrate without asking for the
 * locale's strings first. The last bytes of each chunk are held back until the next, to find that ending.
 */
export function withPageStrings(body: ReadableStream<Uint8Array>, strings: () => Tree): ReadableStream<Uint8Array> {
  let held = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // A chunk at least as long as the ending passes on but for its last bytes; a shorter one joins what is held.
        if (chunk.length >= TAIL.length) {
          if (held.length) controller.enqueue(held);
          controller.enqueue(chunk.subarray(0, chunk.length - TAIL.length));
          held = chunk.slice(chunk.length - TAIL.length);
          return;
        }
        const all = new Uint8Array(held.length + chunk.length);
        all.set(held);
        all.set(chunk, held.length);
        const keep = Math.min(TAIL.length, all.length);
        if (all.length > keep) controller.enqueue(all.subarray(0, all.length - keep));
        held = all.slice(all.length - keep);
      },
      flush(controller) {
        const element = elementBytes(strings()).slice();
        const ends = endsTheDocument(held);
        if (ends) controller.enqueue(element);
        if (held.length) controller.enqueue(held);
        if (!ends) controller.enqueue(element);
      },
    }),
  );
}

/**
 * A document whose render is complete (nothing left to stream) as one body, with its strings in place: one chunk
 * through the runtime instead of one per 2 KB of HTML, and a Content-Length the browser can use. A Blob of the page's
 * parts: the runtime joins them, with no copy of the page made in JavaScript.
 */
export async function wholePageWithStrings(body: ReadableStream<Uint8Array>, strings: () => Tree): Promise<Blob> {
  const page = new Uint8Array(await new Response(body).arrayBuffer());
  const at = endsTheDocument(page) ? page.length - TAIL.length : page.length;
  return new Blob([page.subarray(0, at), elementBytes(strings()), page.subarray(at)]);
}
