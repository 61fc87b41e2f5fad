import type { Plugin } from "vite";

/** React's streaming renderer for workerd, which the build takes (vite.config.ts). */
const RENDERER = /react-dom-server\.edge\.production\.js$/;
const ENCODE_EACH_STRING = `function stringToChunk(content) {
  return textEncoder.encode(content);
}`;
// As many lines as React's, so the source map stays right (the transform returns map: null: nothing moved).
const ENCODE_ASCII_IN_JS = `function stringToChunk(content) {
  var length = content.length; if (length > 256) return textEncoder.encode(content); var chunk = new Uint8Array(length); for (var index = 0; index < length; index++) { var code = content.charCodeAt(index); if (code > 127) return textEncoder.encode(content); chunk[index] = code; }
  return chunk; }`;

/**
 * React's edge renderer turns every piece of markup it writes (a tag's name, an attribute, a text) into bytes with
 * its own TextEncoder call as it renders: hundreds of calls into the runtime per page, about a sixth of a page's CPU
 * in workerd (docs/decisions/0029). Short ASCII pieces, nearly all of them, are copied into bytes in JavaScript
 * instead; anything longer or beyond ASCII still goes to the TextEncoder. The same bytes either way. The build fails if
 * React's function is no longer written as expected, rather than shipping without the change unnoticed.
 */
export function reactDomAsciiChunks(): Plugin {
  return {
    name: "react-dom-ascii-chunks",
    apply: "build",
    transform(code, id) {
      if (!RENDERER.test(id)) return null;
      if (!code.includes(ENCODE_EACH_STRING)) this.error(`react-dom-ascii-chunks: stringToChunk is not where it was in ${id}; check the new React release`);
      return { code: code.replace(ENCODE_EACH_STRING, ENCODE_ASCII_IN_JS), map: null };
    },
  };
}
