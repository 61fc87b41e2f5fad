import { testEnv } from "@test-setup/app";

// The phone photos of tests/fixtures/photos/ (bound by vitest.config.ts), and what a test reads back of a picture: its
// JPEG segments, and a PNG's pixels (a preview asked for as PNG), decoded here with the runtime's inflate.

/** A fixture's bytes by its file name. */
export function photo(name: string) {
  const base64 = testEnv.TEST_PHOTOS[name];
  if (!base64) throw new Error(`no fixture ${name} in tests/fixtures/photos`);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** A JPEG's segments before its image data: marker and data (length bytes left out), in order. */
export function jpegSegments(bytes: Uint8Array) {
  const segments: { marker: number; data: Uint8Array }[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    segments.push({ marker, data: bytes.subarray(at + 4, at + 2 + length) });
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return segments;
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Whether `text` occurs anywhere in the bytes (read as Latin-1). */
export const containsText = (bytes: Uint8Array, text: string) => {
  let found = false;
  for (let at = 0; at < bytes.length && !found; at += 65536)
    found = ascii(bytes.subarray(at, Math.min(bytes.length, at + 65536 + text.length))).includes(text);
  return found;
};

/** A PNG's chunk types in order. */
export function pngChunkTypes(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at))
    types.push(ascii(bytes.subarray(at + 4, at + 8)));
  return types;
}

/** An 8-bit RGB or RGBA PNG's size and the colour of a pixel. */
export async function pngPixels(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const channels = bytes[25] === 6 ? 4 : 3;
  if (bytes[24] !== 8 || (bytes[25] !== 2 && bytes[25] !== 6)) throw new Error("not an 8-bit RGB(A) PNG");
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at))
    if (ascii(bytes.subarray(at + 4, at + 8)) === "IDAT")
      idat.push(bytes.subarray(at + 8, at + 8 + view.getUint32(at)));
  const inflated = new Uint8Array(
    await new Response(
      new Blob(idat as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(new DecompressionStream("deflate")),
    ).arrayBuffer(),
  );
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = inflated[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const raw = inflated[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter] ?? 0;
      pixels[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  const at = (x: number, y: number) => [...pixels.subarray((y * width + x) * channels, (y * width + x) * channels + 3)];
  return { width, height, at };
}
