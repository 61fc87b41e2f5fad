import { ownerKeyPrefix } from "@contract/api/uploads";
import { seenSides } from "@contract/rules/exif-orientation";
import { exifOrientation } from "./exif-orientation";
import { colourSpaceOf, iccDictionary, iccProfile, jpegFacts } from "./jpeg";
import type { PdfWriter } from "./pdf-writer";
import { PrintRefused } from "./refused";

/** Enough of a file's head for its EXIF, ICC and other segments before the frame header (phones write large ones). */
const HEAD_BYTES = 512 * 1024;

/** A photo written into the PDF: its object, its pixels as stored and how EXIF says to turn them. */
export type EmbeddedPhoto = {
  object: number;
  /** Pixels as stored (before the orientation). */
  width: number;
  height: number;
  /** EXIF orientation, 1 to 8. */
  orientation: number;
  /** Bytes of the image stream: the original file's, for a JPEG. */
  bytes: number;
  /** The name it was uploaded with, for messages. */
  name: string;
};

/** The pixels as shown: orientations 5 to 8 turn a quarter, so width and height swap. */
export function shownSize(photo: Pick<EmbeddedPhoto, "width" | "height" | "orientation">) {
  return seenSides(photo.width, photo.height, photo.orientation);
}

/**
 * Where a JPEG's orientation comes from: what the uploads worker recorded beside it (decision 0047), else, for one
 * stored before it did, the JPEG's own EXIF.
 */
function orientationOf(head: Uint8Array, stored: R2Object): number {
  const recorded = Number(stored.customMetadata?.orientation);
  return Number.isInteger(recorded) && recorded >= 1 && recorded <= 8 ? recorded : exifOrientation(head);
}

async function* chunksOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * One of the order's photos into the PDF, as an image XObject. A JPEG goes in as its own bytes (DCTDecode), streamed
 * from R2 chunk by chunk: never decoded, never re-encoded, never whole in memory. Other formats (PNG, WebP, AVIF, HEIC)
 * are converted once to a JPEG of the same pixels by Cloudflare Images (locally sharp, which reads no HEIC: refused).
 */
export async function embedPhoto(
  writer: PdfWriter,
  env: { UPLOADS_BUCKET: R2Bucket; IMAGES?: ImagesBinding },
  order: string,
  upload: string,
): Promise<EmbeddedPhoto> {
  const key = `${await ownerKeyPrefix(`order:${order}`)}/${upload}`;
  const stored = await env.UPLOADS_BUCKET.head(key);
  if (!stored) throw new PrintRefused(`The photo ${upload} is not among the order's files`);
  const head = await env.UPLOADS_BUCKET.get(key, { range: { offset: 0, length: Math.min(stored.size, HEAD_BYTES) } });
  if (!head) throw new PrintRefused(`The photo ${upload} went missing while it was printed`);
  const name = head.customMetadata?.name || upload;
  const headBytes = new Uint8Array(await head.arrayBuffer());
  const facts = jpegFacts(headBytes);
  if (facts) {
    const orientation = orientationOf(headBytes, head);
    // Its colour profile, kept (the uploads keep it too): the printer converts from it, not from a guess.
    const profile = iccProfile(headBytes);
    const icc = profile ? await writer.stream(iccDictionary(facts), profile.byteLength, profile) : null;
    const body = await env.UPLOADS_BUCKET.get(key);
    if (!body) throw new PrintRefused(`The photo ${name} went missing while it was printed`);
    const object = await writer.stream(
      `/Type /XObject /Subtype /Image /Width ${facts.width} /Height ${facts.height} ${colourSpaceOf(facts, icc)} /BitsPerComponent 8 /Filter /DCTDecode`,
      body.size,
      chunksOf(body.body),
    );
    return { object, width: facts.width, height: facts.height, orientation, bytes: body.size, name };
  }
  return embedConverted(writer, env, key, name, head);
}

/**
 * A photo that is no JPEG: the Images binding turns it into one, at its own pixels, upright: it applies the EXIF
 * orientation the uploads worker kept in a PNG's eXIf or a WebP's EXIF (locally miniflare's sharp, `autoOrient`), so
 * the copy is orientation 1 (print-files-photos.test.ts proves it on oriented PNG and WebP photos).
 */
async function embedConverted(
  writer: PdfWriter,
  env: { UPLOADS_BUCKET: R2Bucket; IMAGES?: ImagesBinding },
  key: string,
  name: string,
  head: R2Object,
): Promise<EmbeddedPhoto> {
  const kind = head.customMetadata?.kind ?? "";
  if (!["png", "webp", "avif", "heic"].includes(kind) || !env.IMAGES)
    throw new PrintRefused(`The photo ${name} is not an image the print file can hold`);
  const original = await env.UPLOADS_BUCKET.get(key);
  if (!original) throw new PrintRefused(`The photo ${name} went missing while it was printed`);
  let bytes: Uint8Array;
  try {
    const output = await env.IMAGES.input(original.body).output({ format: "image/jpeg", quality: 95 });
    bytes = new Uint8Array(await new Response(output.image()).arrayBuffer());
  } catch (error) {
    throw new PrintRefused(
      `The photo ${name} could not be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const facts = jpegFacts(bytes.subarray(0, HEAD_BYTES));
  if (!facts) throw new PrintRefused(`The photo ${name} could not be converted`);
  const object = await writer.stream(
    `/Type /XObject /Subtype /Image /Width ${facts.width} /Height ${facts.height} ${colourSpaceOf(facts)} /BitsPerComponent 8 /Filter /DCTDecode`,
    bytes.byteLength,
    bytes,
  );
  return { object, width: facts.width, height: facts.height, orientation: 1, bytes: bytes.byteLength, name };
}
