import { type Parser, corrupt, emit, entropy, pass, read } from "./driver";
import { exifOrientation, isExif } from "@contract/rules/exif-orientation";
import { orientationOnlyExif } from "./exif";

// A JPEG rewritten segment by segment, the image data copied untouched: the frame, tables and scans stay; of the
// application segments only JFIF (APP0), the ICC colour profile (APP2 ICC_PROFILE, possibly in several segments) and
// Adobe's colour transform (APP14, which says how to read the colours) stay; EXIF (APP1) is replaced by one holding
// only the orientation; XMP (APP1), IPTC (APP13), MPF (APP2), makers' segments and comments (COM) go, between scans too.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const RST0 = 0xd0;
const RST7 = 0xd7;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

const startsWith = (data: Uint8Array, text: string) =>
  data.length >= text.length && [...text].every((char, index) => data[index] === char.charCodeAt(0));

/** Whether an application segment (or comment) stays: the ones that say how to show the pixels, nothing about who. */
function kept(marker: number, data: Uint8Array) {
  if (marker === APP0) return startsWith(data, "JFIF\0");
  if (marker === APP2) return startsWith(data, "ICC_PROFILE\0");
  if (marker === APP14) return startsWith(data, "Adobe");
  return false;
}

export function* jpeg(): Parser {
  const soi = (yield read(2)) as Uint8Array;
  if (soi[0] !== 0xff || soi[1] !== SOI) return corrupt;
  yield emit(soi);
  let orientation = 1;
  let exifSeen = false;
  let marker = yield* nextMarker();
  for (;;) {
    if (marker < 0) return corrupt;
    if (marker === EOI) {
      yield emit([0xff, EOI]);
      return { ok: true, orientation };
    }
    if (marker === TEM || (marker >= RST0 && marker <= RST7)) {
      yield emit([0xff, marker]);
      marker = yield* nextMarker();
      continue;
    }
    if (marker === 0x00 || marker === SOI) return corrupt;
    const lengthBytes = (yield read(2)) as Uint8Array;
    const length = (lengthBytes[0]! << 8) | lengthBytes[1]!;
    if (length < 2) return corrupt;
    if ((marker >= APP0 && marker <= APP15) || marker === COM) {
      const data = (yield read(length - 2)) as Uint8Array;
      if (marker === APP1 && isExif(data)) {
        // The first EXIF is the photo's (later ones are not read by anyone); its orientation is kept, nothing else.
        if (!exifSeen) {
          exifSeen = true;
          const found = exifOrientation(data);
          if (found === null) return corrupt;
          orientation = found;
          if (orientation !== 1) yield emit(orientationOnlyExif(orientation));
        }
      } else if (kept(marker, data)) {
        yield emit([0xff, marker, ...lengthBytes]);
        yield emit(data);
      }
    } else {
      yield emit([0xff, marker, ...lengthBytes]);
      yield pass(length - 2);
    }
    marker = marker === SOS ? ((yield entropy) as number) : yield* nextMarker();
  }
}

/** The next marker's byte after an FF (fill bytes skipped), or -1 when no FF is there. */
function* nextMarker(): Generator<ReturnType<typeof read>, number, Uint8Array | number | undefined> {
  const first = (yield read(1)) as Uint8Array;
  if (first[0] !== 0xff) return -1;
  for (;;) {
    const next = (yield read(1)) as Uint8Array;
    if (next[0] !== 0xff) return next[0]!;
  }
}
