import { z } from "zod";
import { errorBodySchemaOf } from "../http/errors";
import { PREVIEW_FORMATS, PREVIEW_WIDTHS } from "./upload-previews";
import { sha256Hex } from "../rules/sha256";

/**
 * Customers' uploads (SPEC 5 "Uploaded file types": images, pdf and zip; SPEC 7 "POST /images/upload"). The browser
 * posts a multipart form to `/images/upload` on the brand's origin; the storefront names the owner and forwards it to
 * the uploads worker, which checks the file by its bytes.
 */

const UPLOAD_KINDS = ["jpeg", "png", "webp", "heic", "avif", "pdf", "zip"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Why a file is refused; each has a translated message (`uploads.errors.{code}`). */
const UPLOAD_REFUSALS = [
  "missingFile",
  "unsupportedMediaType",
  "badBody",
  "empty",
  "tooLarge",
  "unsupported",
  "truncated",
  "corrupt",
  "tooManyPixels",
  "quotaReached",
  "badField",
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number];

/** An upload's id: random, URL-safe, fixed length. */
export const uploadId = z.string().regex(/^up_[A-Za-z0-9]{24}$/);

/** The extra fields of the form: what the file is for (both optional), and the print size it will have, for its DPI. */
export const uploadFields = z.object({
  ext_session_id: z.string().max(100).optional(),
  design_id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  article_id: z.coerce.number().int().positive().max(19_999).optional(),
  print_width_mm: z.coerce.number().positive().max(5000).optional(),
  print_height_mm: z.coerce.number().positive().max(5000).optional(),
});

export const uploadResultSchema = z.object({
  id: uploadId,
  kind: z.enum(UPLOAD_KINDS),
  contentType: z.string(),
  /**
   * Pixels, from the file's header, as the photo is seen: after its EXIF orientation, so a portrait photo a phone stored
   * on its side (orientation 5 to 8) is taller than wide here; null for PDF and ZIP.
   */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /**
   * The EXIF orientation (1 to 8) kept in the stored JPEG, PNG (eXIf before its image data) or WebP (EXIF chunk), 1 for
   * every other kind and for none: what a reader that ignores EXIF (a PDF writer) must apply to the stored pixels to
   * show them as seen (decision 0047).
   */
  orientation: z.number().int().min(1).max(8).default(1),
  bytes: z.number().int().positive(),
  /** Where its owner reads it (same origin; nobody else may). */
  url: z.string(),
  /** The effective DPI at the print size given with it (the lower of both sides), or null without one. */
  dpi: z.number().int().nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** What the server learns of one of the visitor's uploads (GET /images/uploads/:id/facts, server to server only). */
export const uploadFactsSchema = uploadResultSchema.pick({
  id: true,
  kind: true,
  width: true,
  height: true,
  orientation: true,
  bytes: true,
});
export type UploadFacts = z.infer<typeof uploadFactsSchema>;

/** An order uses the upload (POST /images/uploads/:id/keep, from the server): kept past its session's expiry. */
export const uploadKeepParams = z.object({
  order: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/**
 * A refusal, in the one error shape (contract/http/errors.ts); `limitMb` comes with tooLarge, so the message names the
 * limit the worker is configured with.
 */
export const uploadRefusalSchema = errorBodySchemaOf(z.enum(UPLOAD_REFUSALS), { limitMb: z.number().optional() });

const MM_PER_INCH = 25.4;

/**
 * Effective DPI of an image filling a print size: pixels per inch on its weaker side, in the orientation that suits it
 * (a portrait photo on a landscape print is turned).
 */
export function effectiveDpi(width: number, height: number, printWidthMm: number, printHeightMm: number): number {
  const at = (w: number, h: number) => Math.min(width / (w / MM_PER_INCH), height / (h / MM_PER_INCH));
  return Math.floor(Math.max(at(printWidthMm, printHeightMm), at(printHeightMm, printWidthMm)));
}

/**
 * Large files go in parts (R2 multipart upload), resumable: the browser starts a session with the file's size and the
 * same fields as a single upload (POST /images/uploads/parts, JSON), sends each part's raw bytes (PUT
 * /images/uploads/parts/{id}/{part}, application/octet-stream; every part `partBytes` long but the last), can ask which
 * parts are stored (GET /images/uploads/parts/{id}), and completes (POST .../{id}/complete: the file is checked by its
 * bytes as a single upload is, and the answer is an UploadResult) or abandons it (DELETE .../{id}).
 */
export const uploadPartsStart = uploadFields.extend({
  name: z.string().max(255).default("upload"),
  size: z.number().int().positive(),
});

/** A session in parts: its id (the upload's id once complete), the part size and the parts stored so far. */
export const uploadPartsSessionSchema = z.object({
  id: uploadId,
  size: z.number().int().positive(),
  partBytes: z.number().int().positive(),
  partCount: z.number().int().positive(),
  parts: z.array(z.number().int().positive()),
});
export type UploadPartsSession = z.infer<typeof uploadPartsSessionSchema>;

/** Refusals of the parts protocol itself (translated as `uploads.errors.{code}` too). */
const UPLOAD_PART_REFUSALS = ["badPart", "partsMissing", "notFound"] as const;
export type UploadPartRefusal = (typeof UPLOAD_PART_REFUSALS)[number];
export const uploadPartsRefusalSchema = errorBodySchemaOf(z.enum([...UPLOAD_REFUSALS, ...UPLOAD_PART_REFUSALS]), {
  limitMb: z.number().optional(),
  missing: z.array(z.number()).optional(),
});

/**
 * GET /images/uploads/{id}?w=&format=: a resized preview of an image upload (upload-previews.ts); neither gives the
 * file itself.
 */
export const uploadPreviewQuery = z.object({
  w: z
    .enum(PREVIEW_WIDTHS.map(String) as [string, ...string[]])
    .transform(Number)
    .optional(),
  format: z.enum(PREVIEW_FORMATS).optional(),
});

/**
 * The R2 key prefix of an owner's files (`account:{id}`, `session:{id}`, `order:{public_id}`): a hash, so keys do not
 * reveal session ids. The uploads worker stores under it; the print-files worker reads an order's copies from it.
 */
export async function ownerKeyPrefix(owner: string): Promise<string> {
  return `owners/${(await sha256Hex(owner)).slice(0, 32)}`;
}
