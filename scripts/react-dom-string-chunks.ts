import { rewritePlugin } from "./rewrite-plugin.ts";

/**
 * React's edge renderer turns every piece of markup it writes (a tag's name, an attribute, a text) into bytes as it
 * renders, then copies those bytes into 4 KB buffers as it flushes: thousands of small arrays per page, about a sixth
 * of a page's CPU in workerd (docs/decisions/0029). Rewritten, its pieces stay strings, as in React's own Bun build: a
 * flush joins them (the engine links them, nothing is copied) and encodes what it wrote once, when it hands it on.
 * The same bytes either way, handed on in one array per flush instead of one per 4 KB; a flush runs without a pause,
 * so nothing could read the stream in between.
 *
 * The one thing React reads from a piece's size: a Suspense boundary's size in bytes decides, with the render's
 * `progressiveChunkSize`, whether a ready boundary is written in place or moved behind a script. Here a string's length
 * stands for its bytes (no more than they): this app sets that size to never move a boundary for its size
 * (entry.server.tsx), so nothing it writes changes.
 */
export const reactDomStringChunks = () =>
  rewritePlugin(
    "react-dom-string-chunks",
    ["ssr"],
    [
      {
        // React's streaming renderer for workerd, which the build takes (dependency-rewrites.ts).
        name: "pieces kept as strings",
        file: /react-dom-server\.edge\.production\.js$/,
        expected: `function writeChunk(destination, chunk) {
  if (0 === chunk.byteLength) {
    if (supportsArrayBufferDetached && chunk.buffer.detached)
      throw Error(
        "Cannot transport a detached buffer. This usually happens when trying to transport multiple buffer-spanning views on the same underyling buffer. Either reuse the exact same view by identity or copy the underlying buffer manually via \`view.slice()\`."
      );
  } else if (4096 < chunk.byteLength)
    0 < writtenBytes &&
      (destination.enqueue(new Uint8Array(currentView.buffer, 0, writtenBytes)),
      (currentView = new Uint8Array(4096)),
      (writtenBytes = 0)),
      destination.enqueue(chunk);
  else {
    var allowableBytes = currentView.length - writtenBytes;
    allowableBytes < chunk.byteLength &&
      (0 === allowableBytes
        ? destination.enqueue(currentView)
        : (currentView.set(chunk.subarray(0, allowableBytes), writtenBytes),
          destination.enqueue(currentView),
          (chunk = chunk.subarray(allowableBytes))),
      (currentView = new Uint8Array(4096)),
      (writtenBytes = 0));
    currentView.set(chunk, writtenBytes);
    writtenBytes += chunk.byteLength;
  }
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return !0;
}
function completeWriting(destination) {
  currentView &&
    0 < writtenBytes &&
    (destination.enqueue(new Uint8Array(currentView.buffer, 0, writtenBytes)),
    (currentView = null),
    (writtenBytes = 0));
}
var textEncoder = new TextEncoder();
function stringToChunk(content) {
  return textEncoder.encode(content);
}
function stringToPrecomputedChunk(content) {
  return textEncoder.encode(content);
}
function byteLengthOfChunk(chunk) {
  return chunk.byteLength;
}`,
        replacement: `function writeChunk(destination, chunk) {
  currentView += chunk;
}
function writeChunkAndReturn(destination, chunk) {
  currentView += chunk;
  return !0;
}
function completeWriting(destination) {
  currentView &&
    (destination.enqueue(textEncoder.encode(currentView)), (currentView = null));
}
var textEncoder = new TextEncoder();
function stringToChunk(content) {
  return content;
}
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  return chunk.length;
}`,
      },
      {
        name: "a boundary's size from its strings",
        file: /react-dom-server\.edge\.production\.js$/,
        expected: "segmentByteSize += segment[i].byteLength;",
        replacement: "segmentByteSize += segment[i].length;",
      },
      {
        name: "a flush starts an empty string",
        file: /react-dom-server\.edge\.production\.js$/,
        expected: `function flushCompletedQueues(request, destination) {
  currentView = new Uint8Array(4096);
  writtenBytes = 0;`,
        replacement: `function flushCompletedQueues(request, destination) {
  currentView = "";
  writtenBytes = 0;`,
      },
      {
        name: "partial boundaries start an empty string",
        file: /react-dom-server\.edge\.production\.js$/,
        expected: `      completeWriting(destination);
      currentView = new Uint8Array(4096);
      writtenBytes = 0;`,
        replacement: `      completeWriting(destination);
      currentView = "";
      writtenBytes = 0;`,
      },
    ],
  );
