/**
 * A WOFF (1.0) font back to the TrueType file it wraps: each table inflated (zlib) where it was compressed, then the
 * sfnt's table directory written again. The creator's fonts come from @fontsource as WOFF and WOFF2; a PDF embeds
 * TrueType (FontFile2), and fontkit cannot subset the WOFF2 ones, so the WOFF files are unpacked here, when a face is
 * first used (a few milliseconds each).
 */
export async function woffToTtf(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("Not a WOFF font");
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let index = 0; index < count; index++) {
    const entry = 44 + index * 20;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const original = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < original ? await inflate(stored) : stored;
    if (data.byteLength !== original) throw new Error("A WOFF table did not inflate to its size");
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  const padded = (length: number) => (length + 3) & ~3;
  const directory = 12 + 16 * count;
  const total = tables.reduce((sum, table) => sum + padded(table.data.byteLength), directory);
  const ttf = new Uint8Array(total);
  const out = new DataView(ttf.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, flavor);
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let at = directory;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    out.setUint32(record, table.tag);
    out.setUint32(record + 4, table.checksum);
    out.setUint32(record + 8, at);
    out.setUint32(record + 12, table.data.byteLength);
    ttf.set(table.data, at);
    at += padded(table.data.byteLength);
  });
  return ttf;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
