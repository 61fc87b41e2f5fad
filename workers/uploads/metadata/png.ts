import { type Parser, corrupt, emit, pass, read, skip } from "./driver";

// A PNG rewritten chunk by chunk: what draws the pixels and their colours stays (the critical chunks, transparency,
// the colour profile and colour space, physical size, animation); text (tEXt, zTXt, iTXt, where XMP lives), EXIF
// (eXIf), the time and any private chunk go.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_CHUNK = 2 ** 31 - 1;
const KEPT_ANCILLARY = new Set([
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCV",
  "cLLI",
  "bKGD",
  "hIST",
  "pHYs",
  "sPLT",
  "acTL",
  "fcTL",
  "fdAT",
]);

/** A chunk type's first letter in upper case makes it critical: a decoder cannot do without it, so it stays. */
const critical = (type: string) => type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;

export function* png(): Parser {
  const signature = (yield read(SIGNATURE.length)) as Uint8Array;
  if (!SIGNATURE.every((byte, index) => signature[index] === byte)) return corrupt;
  yield emit(signature);
  for (;;) {
    const head = (yield read(8)) as Uint8Array;
    const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(0);
    const type = String.fromCharCode(...head.subarray(4, 8));
    if (length > MAX_CHUNK || !/^[A-Za-z]{4}$/.test(type)) return corrupt;
    // Data and CRC.
    if (critical(type) || KEPT_ANCILLARY.has(type)) {
      yield emit(head);
      yield pass(length + 4);
    } else yield skip(length + 4);
    if (type === "IEND") return { ok: true, orientation: 1 };
  }
}
