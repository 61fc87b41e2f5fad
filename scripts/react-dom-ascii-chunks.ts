import { rewritePlugin } from "./rewrite-plugin.ts";

/**
 * React's edge renderer turns every piece of markup it writes (a tag's name, an attribute, a text) into bytes with
 * its own TextEncoder call as it renders: hundreds of calls into the runtime per page, about a sixth of a page's CPU
 * in workerd (docs/decisions/0029). Short ASCII pieces, nearly all of them, are copied into bytes in JavaScript
 * instead; anything longer or beyond ASCII still goes to the TextEncoder. The same bytes either way. (Keeping the
 * pieces as strings until React copies them into its output buffer measured slower: its writer then takes strings and
 * byte arrays alike.)
 */
export const reactDomAsciiChunks = () =>
  rewritePlugin("react-dom-ascii-chunks", [
    {
      // React's streaming renderer for workerd, which the build takes (vite.config.ts).
      file: /react-dom-server\.edge\.production\.js$/,
      expected: `function stringToChunk(content) {
  return textEncoder.encode(content);
}`,
      replacement: `function stringToChunk(content) {
  var length = content.length; if (length > 256) return textEncoder.encode(content); var chunk = new Uint8Array(length); for (var index = 0; index < length; index++) { var code = content.charCodeAt(index); if (code > 127) return textEncoder.encode(content); chunk[index] = code; }
  return chunk; }`,
    },
  ]);
