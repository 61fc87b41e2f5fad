import { exifOrientation, MAX_EXIF_BYTES } from "@contract/rules/exif-orientation";
import { type Parser, corrupt, emit, pass, read, skip } from "./driver";
import { orientationOnlyTiff } from "./exif";

// A WebP rewritten chunk by chunk: its XMP chunk goes and the extended header (VP8X) stops announcing it; its EXIF
// chunk (a TIFF structure, after "Exif\0\0" from some writers) becomes one holding only the orientation, in its place,
// even for orientation 1 (the header, written before the EXIF is read, still announces one); the image, alpha,
// animation and colour profile (ICCP) stay. The RIFF header's size is the rewritten file's: `riffSize` when the caller
// knows it, else the original's, for the caller to patch.

const XMP_FLAG = 0x04;

const le32 = (value: number) => Uint8Array.of(value, value >>> 8, value >>> 16, value >>> 24);

export function* webp(riffSize?: number): Parser {
  const header = (yield read(12)) as Uint8Array;
  const view = new DataView(header.buffer, header.byteOffset, 12);
  const text = (at: number) => String.fromCharCode(...header.subarray(at, at + 4));
  if (text(0) !== "RIFF" || text(8) !== "WEBP") return corrupt;
  const end = 8 + view.getUint32(4, true);
  yield emit([...header.subarray(0, 4), ...le32(riffSize ?? end - 8), ...header.subarray(8, 12)]);
  let orientation = 1;
  let exifSeen = false;
  for (let at = 12; at < end; ) {
    if (at + 8 > end) return corrupt;
    const chunk = (yield read(8)) as Uint8Array;
    const type = String.fromCharCode(...chunk.subarray(0, 4));
    const size = new DataView(chunk.buffer, chunk.byteOffset, 8).getUint32(4, true);
    if (at + 8 + size > end) return corrupt;
    // Chunks are padded to an even length; a writer that left off the last pad byte is forgiven.
    const padded = Math.min(size + (size & 1), end - at - 8);
    if (type === "EXIF" && !exifSeen) {
      exifSeen = true;
      // An EXIF larger than EXIF's own bound is none a camera wrote: refused rather than held.
      if (size > MAX_EXIF_BYTES) return corrupt;
      const found = exifOrientation(((yield read(padded)) as Uint8Array).subarray(0, size));
      if (found === null) return corrupt;
      orientation = found;
      const tiff = orientationOnlyTiff(orientation); // even: no pad byte
      yield emit([...chunk.subarray(0, 4), ...le32(tiff.length)]);
      yield emit(tiff);
    } else if (type === "EXIF" || type === "XMP ") yield skip(padded);
    else if (type === "VP8X") {
      const data = (yield read(padded)) as Uint8Array;
      if (data.length) data[0] = data[0]! & ~XMP_FLAG;
      yield emit(chunk);
      yield emit(data);
    } else {
      yield emit(chunk);
      yield pass(padded);
    }
    at += 8 + padded;
  }
  return { ok: true, orientation };
}
