// A HEIC's or AVIF's metadata items (EXIF, and XMP as a `mime` item of application/rdf+xml) sit in the file as byte
// ranges the `iloc` box points to. They are overwritten with zeros where they lie, so every offset of the file stays
// valid and nothing else changes (decision 0047): the pixels, the colour profile (`colr`) and the rotation (`irot`)
// are properties, not items, and stay. A file held whole (a single upload) is zeroed in a copy; a file too large to
// hold (an upload in parts) has its ranges read from its head, where `meta` sits, and is zeroed as it streams.

type Range = { start: number; end: number };
type Box = { type: string; start: number; end: number };

function boxes(view: DataView, start: number, end: number): Box[] | null {
  const found: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + 8 > end) return null;
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return null;
      size = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return null;
    found.push({
      type: String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + at + 4, 4)),
      start: at + header,
      end: at + size,
    });
    at += size;
  }
  return found;
}

/** An unsigned integer of 0, 4 or 8 bytes (iloc's field sizes). */
function sized(view: DataView, at: number, size: number) {
  if (size === 0) return 0;
  if (size === 4) return view.getUint32(at);
  if (size === 8) return view.getUint32(at) * 2 ** 32 + view.getUint32(at + 4);
  throw new RangeError(`field size ${size}`);
}

/** The ids of the metadata items, from iinf's item infos (infe version 2 or 3). */
function metadataItems(view: DataView, iinf: Box): Set<number> {
  const version = view.getUint8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const ids = new Set<number>();
  for (const infe of boxes(view, first, iinf.end) ?? []) {
    if (infe.type !== "infe") continue;
    const infeVersion = view.getUint8(infe.start);
    if (infeVersion < 2) continue;
    const id = infeVersion === 2 ? view.getUint16(infe.start + 4) : view.getUint32(infe.start + 4);
    const typeAt = infe.start + 4 + (infeVersion === 2 ? 2 : 4) + 2;
    const type = String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + typeAt, 4));
    const rest = String.fromCharCode(
      ...new Uint8Array(view.buffer, view.byteOffset + typeAt + 4, infe.end - typeAt - 4),
    );
    if (type === "Exif" || (type === "mime" && rest.includes("application/rdf+xml"))) ids.add(id);
  }
  return ids;
}

/** Where the items lie in the file (construction method 0) or in meta's idat (1). */
function itemRanges(view: DataView, iloc: Box, items: Set<number>, idat: Box | undefined): Range[] {
  const version = view.getUint8(iloc.start);
  let at = iloc.start + 4;
  const offsetSize = view.getUint8(at) >> 4;
  const lengthSize = view.getUint8(at) & 15;
  const baseOffsetSize = view.getUint8(at + 1) >> 4;
  const indexSize = version > 0 ? view.getUint8(at + 1) & 15 : 0;
  at += 2;
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  const ranges: Range[] = [];
  for (let item = 0; item < count; item++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at);
    at += version < 2 ? 2 : 4;
    const method = version > 0 ? view.getUint16(at) & 15 : 0;
    if (version > 0) at += 2;
    at += 2; // data reference index
    const base = sized(view, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = view.getUint16(at);
    at += 2;
    for (let extent = 0; extent < extents; extent++) {
      at += indexSize;
      const offset = sized(view, at, offsetSize);
      const length = sized(view, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (!items.has(id) || length === 0) continue;
      if (method === 0) ranges.push({ start: base + offset, end: base + offset + length });
      else if (method === 1 && idat)
        ranges.push({ start: idat.start + base + offset, end: idat.start + base + offset + length });
    }
  }
  return ranges;
}

/** The EXIF and XMP items' ranges, from the `meta` box's own boxes; null when they do not add up. */
function metadataRanges(view: DataView, meta: Box): Range[] | null {
  const inside = boxes(view, meta.start + 4, meta.end);
  const iinf = inside?.find((box) => box.type === "iinf");
  const iloc = inside?.find((box) => box.type === "iloc");
  if (!inside || !iinf || !iloc) return inside ? [] : null;
  const items = metadataItems(view, iinf);
  if (!items.size) return [];
  const ranges = itemRanges(
    view,
    iloc,
    items,
    inside.find((box) => box.type === "idat"),
  );
  return ranges.every(({ start, end }) => start >= 0 && start < end) ? ranges : null;
}

/**
 * A copy of the file with its EXIF and XMP items zeroed, or null when its boxes do not add up (the inspection has
 * already passed it, so that is a structure the rewrite does not know: refused as corrupt rather than kept whole).
 */
export function zeroHeifMetadata(bytes: Uint8Array): Uint8Array | null {
  try {
    const out = bytes.slice();
    const view = new DataView(out.buffer);
    const meta = boxes(view, 0, out.length)?.find((box) => box.type === "meta");
    if (!meta) return out;
    const ranges = metadataRanges(view, meta);
    if (!ranges || ranges.some(({ end }) => end > out.length)) return null;
    for (const { start, end } of ranges) out.fill(0, start, end);
    return out;
  } catch {
    // A read past a box's end (a RangeError from DataView): a structure that does not add up.
    return null;
  }
}

/**
 * The EXIF and XMP items' ranges in a file of `size` bytes too large to hold, from its first bytes (`head`): the
 * top-level boxes are walked by their sizes until `meta`, which must lie whole in the head. Null when the boxes do not
 * add up or `meta` does not fit in the head (refused as corrupt, as a single upload's would be).
 */
export function heifMetadataRanges(head: Uint8Array, size: number): Range[] | null {
  try {
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    for (let at = 0; at + 8 <= head.length; ) {
      let length = view.getUint32(at);
      let header = 8;
      if (length === 1) {
        length = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
        header = 16;
      } else if (length === 0) length = size - at;
      if (length < header || at + length > size) return null;
      const type = String.fromCharCode(...head.subarray(at + 4, at + 8));
      if (type === "meta") {
        if (at + length > head.length) return null;
        const ranges = metadataRanges(view, { type, start: at + header, end: at + length });
        return ranges?.every(({ end }) => end <= size) ? ranges : null;
      }
      at += length;
    }
    return [];
  } catch {
    return null;
  }
}
