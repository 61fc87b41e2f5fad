import { seenSides } from "@contract/rules/exif-orientation";
import { sizeToSend } from "./photo-size";
import { webpOrientation } from "./webp-orientation.client";

/**
 * A chosen file made ready for a product printed from photos (decision 0047), before a byte is sent: a file that is
 * no photo (a PDF, a ZIP, anything else, told by its first bytes) is refused at once; a HEIC is decoded here (the
 * decoder loads only when one is chosen) and sent as a JPEG; a photo larger than the print needs is sent smaller, as a
 * JPEG with its orientation applied; so is a WebP turned by its EXIF, which Chromium does not apply (it does a JPEG's
 * and a PNG's); any other is sent as it is (the uploads worker strips its metadata, keeping the orientation).
 */

export class PhotoRefused extends Error {
  constructor(readonly reason: "notPhoto" | "unreadable") {
    super(reason);
  }
}

type Sniffed = "jpeg" | "png" | "webp" | "heic" | "avif" | "other";

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** What the file's first bytes say it is (its name and type prove nothing). */
export async function sniff(file: Blob): Promise<Sniffed> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const text = (at: number, length: number) => String.fromCharCode(...head.subarray(at, at + length));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (text(1, 3) === "PNG") return "png";
  if (text(0, 4) === "RIFF" && text(8, 4) === "WEBP") return "webp";
  if (text(4, 4) === "ftyp") {
    const size = Math.min(head.length, new DataView(head.buffer).getUint32(0));
    const brands = [text(8, 4)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(text(at, 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  }
  return "other";
}

/** A photo re-encoded here (smaller, or from a HEIC): high enough that the print shows no compression. */
const JPEG_QUALITY = 0.92;

const asJpegName = (name: string) => `${name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;

/** The file to send for a photo that needs at most `longSide` pixels on its longest side. */
export async function preparePhoto(file: File, longSide: number): Promise<File> {
  const kind = await sniff(file);
  if (kind === "other") throw new PhotoRefused("notPhoto");
  if (kind === "heic") {
    const { decodeHeic } = await import("./heic.client");
    const picture = await decodeHeic(file).catch(() => {
      throw new PhotoRefused("unreadable");
    });
    return encoded(picture, sizeToSend(picture.width, picture.height, longSide) ?? picture, file.name);
  }
  // A WebP's orientation is applied here, on its stored pixels; any other's by the browser as it decodes.
  const orientation = kind === "webp" ? await webpOrientation(file) : 1;
  const picture = await createImageBitmap(file, {
    imageOrientation: orientation === 1 ? "from-image" : "none",
  }).catch(() => null);
  // One this browser cannot read is sent as it is: the server decides.
  if (!picture) return file;
  const seen = seenSides(picture.width, picture.height, orientation);
  const size = sizeToSend(seen.width, seen.height, longSide);
  if (!size && orientation === 1) {
    picture.close();
    return file;
  }
  return encoded(picture, size ?? seen, file.name, orientation);
}

/** What EXIF's orientation asks of the stored pixels, as a canvas transform onto a `width` x `height` picture. */
function orient(context: CanvasTransform, orientation: number, { width, height }: { width: number; height: number }) {
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    2: [-1, 0, 0, 1, width, 0], // mirrored left to right
    3: [-1, 0, 0, -1, width, height], // turned 180°
    4: [1, 0, 0, -1, 0, height], // mirrored top to bottom
    5: [0, 1, 1, 0, 0, 0], // transposed
    6: [0, 1, -1, 0, width, 0], // turned 90° clockwise
    7: [0, -1, -1, 0, width, height], // transversed
    8: [0, -1, 1, 0, 0, height], // turned 90° anticlockwise
  };
  const transform = transforms[orientation];
  if (transform) context.transform(...transform);
}

/**
 * The picture drawn at `size` (as seen) on white (a photo has no transparency to keep), turned as its EXIF `orientation`
 * says when the browser has not (a WebP's), and encoded as a JPEG (orientation 1).
 */
async function encoded(picture: ImageBitmap, size: { width: number; height: number }, name: string, orientation = 1) {
  // OffscreenCanvas where there is one (Safari before 16.4 has none): the same drawing either way.
  const canvas =
    typeof OffscreenCanvas === "undefined"
      ? Object.assign(document.createElement("canvas"), size)
      : new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new PhotoRefused("unreadable");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = "high";
  orient(context, orientation, size);
  const drawn = seenSides(size.width, size.height, orientation);
  context.drawImage(picture, 0, 0, drawn.width, drawn.height);
  picture.close();
  const blob =
    canvas instanceof HTMLCanvasElement
      ? await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", JPEG_QUALITY))
      : await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  if (!blob) throw new PhotoRefused("unreadable");
  return new File([blob], asJpegName(name), { type: "image/jpeg" });
}
