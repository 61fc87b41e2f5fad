// Bounds-checked reads of a file, whole or known only in windows (its head and tail, read from R2).

/** A stretch of a file read on its own (a ranged read from R2): `bytes` from offset `at`. */
export type Window = { at: number; bytes: Uint8Array };

/**
 * What a reader of a file known only in windows needs next: the bytes at `at` (a format reader landed between the
 * windows), or, with `scan`, whether FF D9 occurs anywhere from `at` on (a JPEG's end, looked for in a stream).
 */
export class Gap {
  constructor(
    readonly at: number,
    readonly scan: boolean,
  ) {}
}

/**
 * The bytes, read big-endian unless the name says LE: a whole file (one window) or a large one's head and tail. A read
 * out of range gives 0 rather than throwing (a last line of defence: the readers check `has`, or a bound that implies
 * it, before any read whose value they rely on); a read between the windows throws a Gap, for the caller to fill.
 */
export class Reader {
  readonly length: number;
  private readonly windows: { at: number; bytes: Uint8Array; view: DataView }[];

  constructor(
    length: number,
    windows: Window[],
    private readonly eoiFrom?: { at: number; found: boolean },
  ) {
    this.length = length;
    // The caller's bytes may be a window into a larger buffer.
    this.windows = windows.map(({ at, bytes }) => ({
      at,
      bytes,
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
  }

  has(offset: number, length: number) {
    return offset >= 0 && length >= 0 && offset + length <= this.length;
  }

  /** Whether one window holds these bytes (always, for a whole file in range). */
  holds(offset: number, length: number) {
    return this.windowOf(offset, length) !== undefined;
  }

  private windowOf(offset: number, length: number) {
    return this.windows.find((window) => offset >= window.at && offset + length <= window.at + window.bytes.length);
  }

  /** The window holding a read known to be in range, and where in it the read starts. */
  private at(offset: number, length: number) {
    const window = this.windowOf(offset, length);
    if (!window) throw new Gap(offset, false);
    return { view: window.view, bytes: window.bytes, index: offset - window.at };
  }

  u8(offset: number) {
    if (!this.has(offset, 1)) return 0;
    const { view, index } = this.at(offset, 1);
    return view.getUint8(index);
  }

  u16(offset: number) {
    if (!this.has(offset, 2)) return 0;
    const { view, index } = this.at(offset, 2);
    return view.getUint16(index);
  }

  u32(offset: number) {
    if (!this.has(offset, 4)) return 0;
    const { view, index } = this.at(offset, 4);
    return view.getUint32(index);
  }

  u16le(offset: number) {
    if (!this.has(offset, 2)) return 0;
    const { view, index } = this.at(offset, 2);
    return view.getUint16(index, true);
  }

  u24le(offset: number) {
    if (!this.has(offset, 3)) return 0;
    const { view, index } = this.at(offset, 3);
    return view.getUint16(index, true) | (view.getUint8(index + 2) << 16);
  }

  u32le(offset: number) {
    if (!this.has(offset, 4)) return 0;
    const { view, index } = this.at(offset, 4);
    return view.getUint32(index, true);
  }

  /** `length` bytes from `offset` (a view, not a copy). */
  range(offset: number, length: number) {
    const { bytes, index } = this.at(offset, length);
    return bytes.subarray(index, index + length);
  }

  /** Latin-1 text of `length` bytes, or "" when they are not all there (so a comparison with a magic string fails). */
  ascii(offset: number, length: number) {
    return this.has(offset, length) ? String.fromCharCode(...this.range(offset, length)) : "";
  }

  startsWith(magic: readonly number[], offset = 0) {
    if (!this.has(offset, magic.length)) return false;
    const found = this.range(offset, magic.length);
    return magic.every((byte, index) => found[index] === byte);
  }

  /** The last offset at or after `from` where `needle` starts, or -1. */
  lastIndexOf(needle: readonly number[], from: number) {
    for (let at = this.length - needle.length; at >= Math.max(0, from); at--)
      if (this.startsWith(needle, at)) return at;
    return -1;
  }

  /** Whether `first` followed by `second` occurs at or after `from`; between windows, the caller's scan answers. */
  containsPair(first: number, second: number, from: number) {
    let covered = from;
    for (const { at, bytes } of [...this.windows].sort((a, b) => a.at - b.at)) {
      const start = Math.max(from, at) - at;
      for (
        let index = bytes.indexOf(first, start);
        index !== -1 && index + 1 < bytes.length;
        index = bytes.indexOf(first, index + 1)
      ) {
        if (bytes[index + 1] === second) return true;
      }
      if (at <= covered) covered = Math.max(covered, at + bytes.length);
    }
    if (covered >= this.length) return false;
    if (this.eoiFrom?.at === from) return this.eoiFrom.found;
    throw new Gap(from, true);
  }
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG (and ZIP) use it. */
export function crc32(data: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
