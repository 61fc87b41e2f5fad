import { type Refusal, type Found, type Extent, larger } from "./found";
import type { Reader } from "./reader";

// HEIC and AVIF are both HEIF, in ISO BMFF boxes of <32-bit size> <type> (size 1: a 64-bit size follows; size 0: the
// box runs to the end). The ftyp box's brands tell them apart (and from MP4, MOV, 3GP... which share the layout).
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const BOX_HEADER = 8;
const LARGE_BOX_HEADER = 16;
const FTYP_MIN_SIZE = 16; // header, major brand, minor version
const FULL_BOX_VERSION_AND_FLAGS = 4;
const ISPE_MIN_CONTENT = 12; // version and flags, width, height

export function readIsoBmff(bytes: Reader): Found {
  const ftypSize = bytes.u32(0);
  if (ftypSize > bytes.length) return "truncated";
  if (ftypSize < FTYP_MIN_SIZE) return "corrupt";
  const brands = [bytes.ascii(8, 4)];
  for (let at = FTYP_MIN_SIZE; at + 4 <= ftypSize; at += 4) brands.push(bytes.ascii(at, 4));
  const isAvif = brands.some((brand) => AVIF_BRANDS.has(brand));
  if (!isAvif && !brands.some((brand) => HEIC_BRANDS.has(brand))) return "unsupported";

  const top = boxesIn(bytes, 0, bytes.length, "truncated");
  if (typeof top === "string") return top;
  const meta = top.find((box) => box.type === "meta");
  const inMeta = meta === undefined ? [] : boxesIn(bytes, meta.start + FULL_BOX_VERSION_AND_FLAGS, meta.end, "corrupt");
  if (typeof inMeta === "string") return inMeta;
  // The pixels sit in mdat (or, rarely, in meta's idat): a file cut right after its header has neither.
  if (!top.some((box) => box.type === "mdat") && !inMeta.some((box) => box.type === "idat")) return "truncated";

  // Image properties (meta > iprp > ipco) hold an ispe (image spatial extent) for each image: tiles, thumbnails, the
  // grid they make up. The largest is what a decoder must hold in memory, so it is the one we report and limit.
  const extents = boxesAlong(bytes, inMeta, ["iprp", "ipco", "ispe"]);
  if (typeof extents === "string") return extents;
  let largest: Extent | null = null;
  for (const ispe of extents) {
    if (ispe.end - ispe.start < ISPE_MIN_CONTENT) return "corrupt";
    const width = bytes.u32(ispe.start + FULL_BOX_VERSION_AND_FLAGS);
    const height = bytes.u32(ispe.start + FULL_BOX_VERSION_AND_FLAGS + 4);
    largest = larger(largest, { width, height });
  }
  if (largest === null) return "corrupt";
  return { kind: isAvif ? "avif" : "heic", ...largest };
}

/** A box: its type, and where its content starts and ends. */
type Box = { type: string; start: number; end: number };

/**
 * The boxes from start to end, or `pastEnd` when one does not fit (and "corrupt" when one is smaller than its header).
 */
function boxesIn(bytes: Reader, start: number, end: number, pastEnd: "truncated" | "corrupt"): Box[] | Refusal {
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + BOX_HEADER > end) return pastEnd;
    const type = bytes.ascii(at + 4, 4);
    let size = bytes.u32(at);
    let header = BOX_HEADER;
    if (size === 1) {
      if (at + LARGE_BOX_HEADER > end) return pastEnd;
      size = bytes.u32(at + 8) * 2 ** 32 + bytes.u32(at + 12);
      header = LARGE_BOX_HEADER;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return "corrupt";
    if (at + size > end) return pastEnd;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/**
 * The boxes found by following `path` down from `boxes` (each step a child type), or "corrupt" if one on the way is.
 */
function boxesAlong(bytes: Reader, boxes: Box[], path: string[]): Box[] | Refusal {
  let level = boxes;
  for (const [step, type] of path.entries()) {
    const matching = level.filter((box) => box.type === type);
    if (step === path.length - 1) return matching;
    level = [];
    for (const box of matching) {
      // The file's top-level boxes all fit, so a child that does not fit its parent is a broken file, not a cut one.
      const children = boxesIn(bytes, box.start, box.end, "corrupt");
      if (typeof children === "string") return children;
      level.push(...children);
    }
  }
  return level;
}
