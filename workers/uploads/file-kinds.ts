// What a customer uploaded, told by its bytes alone: its name and declared type are the customer's to choose, so they
// prove nothing. An image's pixel size is read from its header and never decoded, so a decompression bomb (a few KB
// declaring gigapixels) is refused before anything inflates it. Every read is bounds-checked: any input, however
// broken or hostile, gets an answer and never an exception.

import type { FileKind, Refusal, Found } from "./file-kinds/found";
import { type Window, Gap, Reader } from "./file-kinds/reader";
import { JPEG_MAGIC, PNG_SIGNATURE, readJpeg, readPng, readWebp } from "./file-kinds/images";
import { readIsoBmff } from "./file-kinds/heif";
import { ZIP_LOCAL_FILE, ZIP_END_OF_CENTRAL_DIRECTORY, readPdf, readZip } from "./file-kinds/documents";

export type { FileKind, Refusal } from "./file-kinds/found";
export { Gap, type Window } from "./file-kinds/reader";

export type Inspection =
  | { ok: true; kind: FileKind; contentType: string; width: number | null; height: number | null }
  | { ok: false; reason: Refusal };

export const CONTENT_TYPES: Record<FileKind, string> = Object.freeze({
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  avif: "image/avif",
  pdf: "application/pdf",
  zip: "application/zip",
});

/** Identifies an upload by its bytes; images also by the pixel size their header declares (never decoded). */
export function inspectFile(bytes: Uint8Array, limits: { maxPixels: number }): Inspection {
  return inspect(new Reader(bytes.length, [{ at: 0, bytes }]), limits);
}

/**
 * The same inspection of a file of `size` bytes known only in windows (its head and tail, read from R2), so that a
 * large file is never held whole. Where a reader must look between the windows it gets a Gap to fill and ask again;
 * `eoiFrom` is the answer to a scan. A PNG's many image chunks are not walked between the windows: its end (IEND)
 * must be in the tail.
 */
export function inspectWindows(
  size: number,
  windows: Window[],
  limits: { maxPixels: number },
  eoiFrom?: { at: number; found: boolean },
): Inspection | Gap {
  try {
    return inspect(new Reader(size, windows, eoiFrom), limits);
  } catch (gap) {
    if (gap instanceof Gap) return gap;
    throw gap;
  }
}

function inspect(bytes: Reader, limits: { maxPixels: number }): Inspection {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  const found = read(bytes);
  if (typeof found === "string") return { ok: false, reason: found };
  const { kind, width, height } = found;
  // Only images have a size; PDF and ZIP come back with null for both.
  if (width !== null && height !== null) {
    if (width === 0 || height === 0) return { ok: false, reason: "corrupt" };
    // Written so that a limit that is no number (say, a missing setting read as NaN) refuses rather than lets all in.
    if (!(width * height <= limits.maxPixels)) return { ok: false, reason: "tooManyPixels" };
  }
  return { ok: true, kind, contentType: CONTENT_TYPES[kind], width, height };
}

function read(bytes: Reader): Found {
  if (bytes.startsWith(JPEG_MAGIC)) return readJpeg(bytes);
  if (bytes.startsWith(PNG_SIGNATURE)) return readPng(bytes);
  if (bytes.ascii(0, 4) === "RIFF" && bytes.ascii(8, 4) === "WEBP") return readWebp(bytes);
  if (bytes.ascii(4, 4) === "ftyp") return readIsoBmff(bytes);
  if (bytes.ascii(0, 5) === "%PDF-") return readPdf(bytes);
  // An empty archive is nothing but its end record.
  if (bytes.startsWith(ZIP_LOCAL_FILE) || bytes.startsWith(ZIP_END_OF_CENTRAL_DIRECTORY)) return readZip(bytes);
  // HTML, SVG, XML, scripts, executables, GIF, BMP, TIFF, text...: not ours to take, whatever their name says.
  return "unsupported";
}
