import { z } from "zod";
import { uploadId } from "../api/uploads";
import { jsonField } from "../rules/json-field";

/**
 * A design made in the creator: a document of pages (one for most products; a cover and inner pages for a photo book,
 * a cover and twelve months for a calendar, see `pages.ts`), each a stack of layers on the print area
 * (`templates.ts`), saved by the product API as numbered versions. Millimetres from the top left of the finished size;
 * each element is placed by its centre and turned about it. The document never holds a photo's bytes, only the upload
 * it shows (its owner's, see 0021). Format 1 (one page's `elements`) still parses, as a document of that one page.
 */

export const DESIGN_FORMAT = 2;
/** Layers on one page. */
export const MAX_ELEMENTS = 60;
/** A cover and the longest book's 96 inner pages. */
export const MAX_PAGES = 97;
/** Layers on all pages together (a 97-page book of four photos a page and a caption uses under 500). */
const MAX_DOCUMENT_ELEMENTS = 1000;
const MAX_TEXT_LENGTH = 500;
/** A saved document's largest size, serialised (1,000 layers of about 300 bytes fit). */
export const MAX_DOCUMENT_BYTES = 512 * 1024;

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

/** The ready-made arrangements of frames a page can take (`page-layouts.ts` in the editor draws them). */
export const PAGE_LAYOUTS = ["one", "two", "four", "photo-text"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

const pageSchema = z.strictObject({
  id: elementId,
  /** The layout last chosen for it (its frames may have been moved since), null when none was. */
  layout: z.enum(PAGE_LAYOUTS).nullable(),
  /** Bottom layer first. */
  elements: z.array(designElementSchema).max(MAX_ELEMENTS),
});
export type DesignPage = z.infer<typeof pageSchema>;

/**
 * A calendar's own settings, enough to draw its month grids anywhere (the print worker has only the document): the
 * year and month its first month page shows, the language of the month and day names (a BCP 47 tag: the shop's
 * language and the brand's country, `es-ES`) and the first day of the week (ISO: 1 Monday, 7 Sunday).
 */
const calendarSchema = z.strictObject({
  year: z.number().int().min(2000).max(2100),
  firstMonth: z.number().int().min(1).max(12),
  locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  weekStart: z.number().int().min(1).max(7),
});
export type CalendarSettings = z.infer<typeof calendarSchema>;

const documentSchema = z
  .strictObject({
    format: z.literal(DESIGN_FORMAT),
    articleId: z.number().int().positive().max(19_999),
    /** The size option it is laid out for (its code, `30x40`), null where the article has none. */
    size: z.string().max(20).nullable(),
    /** A portrait size printed landscape. */
    landscape: z.boolean(),
    background: colour,
    /** In print order: the cover first where the product has one. */
    pages: z.array(pageSchema).min(1).max(MAX_PAGES),
    /** Null for anything but a calendar. */
    calendar: calendarSchema.nullable(),
  })
  .superRefine((document, context) => {
    const ids = document.pages.flatMap((page) => page.elements.map((element) => element.id));
    if (ids.length > MAX_DOCUMENT_ELEMENTS)
      context.addIssue({ code: "custom", message: "Too many layers", path: ["pages"] });
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: "custom", message: "Element ids repeat", path: ["pages"] });
    if (new Set(document.pages.map((page) => page.id)).size !== document.pages.length)
      context.addIssue({ code: "custom", message: "Page ids repeat", path: ["pages"] });
  });
export type DesignDocument = z.infer<typeof documentSchema>;

/** A document as format 1 kept it (saved designs, device drafts): one page's layers. */
export type LegacyDocument = Omit<DesignDocument, "format" | "pages" | "calendar"> & {
  format: 1;
  elements: DesignElement[];
};

/** Format 1 becomes a document of one page holding its layers; anything else is left as it is (for a check). */
export function upgradeDocument(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { format, elements, ...rest } = value as Record<string, unknown>;
  if (format !== 1) return value;
  return { ...rest, format: DESIGN_FORMAT, pages: [{ id: "p1", layout: null, elements }], calendar: null };
}

/** A design document of either format, checked, as format 2. */
export const designDocumentSchema = z.preprocess(upgradeDocument, documentSchema);

/** A document as it travels in a form field: JSON, bounded before it is parsed. */
export const designDocumentField = jsonField(designDocumentSchema, {
  maxLength: MAX_DOCUMENT_BYTES,
  message: "The design is not valid JSON",
});

/** An empty design of one page (`pages.ts` makes one of the article's pages). */
export function emptyDocument(articleId: number, size: string | null): DesignDocument {
  return {
    format: DESIGN_FORMAT,
    articleId,
    size,
    landscape: false,
    background: "#ffffff",
    pages: [{ id: "p1", layout: null, elements: [] }],
    calendar: null,
  };
}

/** Every layer of every page, in page order. */
export function allElements(document: DesignDocument): DesignElement[] {
  return document.pages.flatMap((page) => page.elements);
}
