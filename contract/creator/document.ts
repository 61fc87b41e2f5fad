import { z } from "zod";
import { uploadId } from "../api/uploads";
import { jsonField } from "../rules/json-field";

/**
 * A design made in the creator: a document of layers on one print area (`templates.ts`), saved by the product API as
 * numbered versions. Millimetres from the top left of the finished size; each element is placed by its centre and
 * turned about it. The document never holds a photo's bytes, only the upload it shows (its owner's, see 0021).
 */

export const DESIGN_FORMAT = 1;
export const MAX_ELEMENTS = 60;
const MAX_TEXT_LENGTH = 500;
/** A saved document's largest size, serialised (far above what 60 layers need). */
export const MAX_DOCUMENT_BYTES = 64 * 1024;

/** Bundled web fonts the creator offers (and the print file is drawn with). */
export const CREATOR_FONTS = ["roboto", "playfair-display", "pacifico", "oswald", "caveat"] as const;
export type CreatorFont = (typeof CREATOR_FONTS)[number];
export const TEXT_ALIGNS = ["left", "center", "right"] as const;
const PHOTO_FITS = ["fill", "fit"] as const;

const elementId = z.string().regex(/^[a-z0-9]{1,16}$/);
const position = z.number().finite().min(-2000).max(7000);
const length = z.number().finite().positive().max(7000);
const colour = z.string().regex(/^#[0-9a-f]{6}$/);

const placed = {
  id: elementId,
  /** Centre, in millimetres. */
  x: position,
  y: position,
  width: length,
  height: length,
  /** Degrees clockwise. */
  rotation: z.number().finite().min(-360).max(360),
};

/**
 * A frame holding a photo (or empty, waiting for one). The image fills or fits the frame, then zooms and pans in it.
 */
const photoElementSchema = z.strictObject({
  ...placed,
  kind: z.literal("photo"),
  upload: z
    .strictObject({
      id: uploadId,
      width: z.number().int().positive().max(100_000),
      height: z.number().int().positive().max(100_000),
    })
    .nullable(),
  fit: z.enum(PHOTO_FITS),
  /** 1 shows the image as fill/fit places it; more crops in. */
  zoom: z.number().finite().min(1).max(10),
  /** Pan within the overflow, -1 (left/top edge) to 1 (right/bottom edge); 0 centres. */
  panX: z.number().finite().min(-1).max(1),
  panY: z.number().finite().min(-1).max(1),
});

const textElementSchema = z.strictObject({
  ...placed,
  kind: z.literal("text"),
  text: z.string().max(MAX_TEXT_LENGTH),
  font: z.enum(CREATOR_FONTS),
  /** Type size in points (1 pt = 25.4 / 72 mm). */
  sizePt: z.number().finite().min(4).max(400),
  colour,
  align: z.enum(TEXT_ALIGNS),
  bold: z.boolean(),
  italic: z.boolean(),
});

/** Artwork of one of the shop's ready-made designs (a file under /images/designs/), as a layer. */
const artElementSchema = z.strictObject({
  ...placed,
  kind: z.literal("art"),
  src: z.string().regex(/^\/images\/designs\/[a-z0-9-]{1,80}\.(svg|png|jpg|webp)$/),
});

const designElementSchema = z.discriminatedUnion("kind", [photoElementSchema, textElementSchema, artElementSchema]);
export type PhotoElement = z.infer<typeof photoElementSchema>;
export type TextElement = z.infer<typeof textElementSchema>;
export type ArtElement = z.infer<typeof artElementSchema>;
export type DesignElement = z.infer<typeof designElementSchema>;

export const designDocumentSchema = z
  .strictObject({
    format: z.literal(DESIGN_FORMAT),
    articleId: z.number().int().positive().max(19_999),
    /** The size option it is laid out for (its code, `30x40`), null where the article has none. */
    size: z.string().max(20).nullable(),
    /** A portrait size printed landscape. */
    landscape: z.boolean(),
    background: colour,
    /** Bottom layer first. */
    elements: z.array(designElementSchema).max(MAX_ELEMENTS),
  })
  .refine((document) => new Set(document.elements.map((element) => element.id)).size === document.elements.length, {
    message: "Element ids repeat",
    path: ["elements"],
  });
export type DesignDocument = z.infer<typeof designDocumentSchema>;

/** A document as it travels in a form field: JSON, bounded before it is parsed. */
export const designDocumentField = jsonField(designDocumentSchema, {
  maxLength: MAX_DOCUMENT_BYTES,
  message: "The design is not valid JSON",
});

/** An empty design for an article. */
export function emptyDocument(articleId: number, size: string | null): DesignDocument {
  return { format: DESIGN_FORMAT, articleId, size, landscape: false, background: "#ffffff", elements: [] };
}
