import type { Found } from "./found";
import type { Reader } from "./reader";

// The magic bytes file-kinds.ts tells this format by.
export const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04];
export const ZIP_END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];

// PDF: readers find the cross-reference table from the end, which closes with %%EOF; a cut file has lost it.
const PDF_EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"
const PDF_EOF_WINDOW = 1024;

export function readPdf(bytes: Reader): Found {
  const found = bytes.lastIndexOf(PDF_EOF_MARKER, bytes.length - PDF_EOF_WINDOW);
  return found >= 0 ? { kind: "pdf", width: null, height: null } : "truncated";
}

// ZIP: readers start from the end of central directory record, 22 bytes plus a comment of up to 65535 bytes at the end.
const ZIP_EOCD_LENGTH = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP64_PLACEHOLDER = 0xffffffff; // "see the ZIP64 record": no offset to check here

export function readZip(bytes: Reader): Found {
  const earliest = Math.max(0, bytes.length - ZIP_EOCD_LENGTH - ZIP_MAX_COMMENT);
  for (let at = bytes.length - ZIP_EOCD_LENGTH; at >= earliest; at--) {
    if (!bytes.startsWith(ZIP_END_OF_CENTRAL_DIRECTORY, at)) continue;
    // Compressed data may happen to hold the signature: a real record's central directory ends where the record begins.
    const directorySize = bytes.u32le(at + 12);
    const directoryOffset = bytes.u32le(at + 16);
    const zip64 = directorySize === ZIP64_PLACEHOLDER || directoryOffset === ZIP64_PLACEHOLDER;
    if (zip64 || directoryOffset + directorySize <= at) return { kind: "zip", width: null, height: null };
  }
  return "truncated";
}
