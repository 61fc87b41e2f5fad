import { z } from "zod";
import { designDocumentField, designDocumentSchema } from "../creator/document";
import { uploadId } from "./uploads";
import { localeParam, siteParams, visitorParams } from "./params";

/**
 * Designs made in the creator (`/create/{article_id}`), kept by the product API. A design belongs to the visitor that
 * made it: the customer when signed in, else the storefront session (`ext_session_id`); a session's designs move to
 * the customer at sign-in. Every save is a new numbered version of a validated document; a save names the version it
 * was made from, so two tabs cannot silently overwrite each other. Nobody else can read, list or change one: another
 * visitor's design is "not found", exactly like one that does not exist.
 */

export const CREATOR_DESIGN_NAME_MAX = 80;

/** A creator design's id: `cd_` and 20 random characters (the shop's own designs have other ids). */
export const creatorDesignId = z.string().regex(/^cd_[A-Za-z0-9]{20}$/);
/**
 * Whether a design id names a creator design (however well formed): a cart line with one is checked against its owner.
 */
export const creatorDesignIdParams = z.object({ id: creatorDesignId });

const designName = z.string().trim().min(1).max(CREATOR_DESIGN_NAME_MAX);

/** What the print file of one version recorded when it went to the cart. */
export const printCheckSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      /** Its page's number (1 for the first); absent in checks recorded before designs had pages. */
      page: z.number().int().positive().optional(),
      dpi: z.number().int().nullable(),
      level: z.enum(["ok", "warn", "block"]),
      outsideSafeArea: z.boolean(),
    }),
  ),
  blocking: z.boolean(),
  warnings: z.number().int().nonnegative(),
});

/**
 * A version's print record: its checks, made when it went to the cart. Since the print file is made on the server for
 * each ordered line (docs/decisions/0048), `upload`, `width` and `height` are null; older records keep the file the
 * browser drew.
 */
export const printFileSchema = z.object({
  version: z.number().int().positive(),
  upload: uploadId.nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  dpi: z.number().int().positive(),
  checks: printCheckSchema,
  createdAt: z.string(),
});
export type PrintFile = z.infer<typeof printFileSchema>;

export const creatorDesignSchema = z.object({
  id: creatorDesignId,
  name: z.string(),
  articleId: z.number().int(),
  version: z.number().int().positive(),
  document: designDocumentSchema,
  /** A small picture of the latest printed version (an upload of its owner), null before the first print file. */
  preview: uploadId.nullable(),
  /** The print record of the latest version sent to the cart, if any. */
  print: printFileSchema.nullable(),
  /** The article's kind (its print template), as the print file of an ordered line needs it. */
  articleKind: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreatorDesign = z.infer<typeof creatorDesignSchema>;

const creatorDesignSummarySchema = creatorDesignSchema.omit({ document: true, print: true, articleKind: true });
export type CreatorDesignSummary = z.infer<typeof creatorDesignSummarySchema>;
export const creatorDesignListSchema = z.object({ items: z.array(creatorDesignSummarySchema) });

/** After a save, a rename, a copy or a delete. */
export const creatorDesignSavedSchema = z.object({ id: creatorDesignId, version: z.number().int().positive() });

/** Whose design: the visitor (session, and customer when signed in) on a site. */
export const creatorDesignOwnerParams = visitorParams.extend(siteParams.shape);

export const creatorDesignCreateParams = creatorDesignOwnerParams.extend({
  name: designName,
  document: designDocumentField,
});
export const creatorDesignSaveParams = creatorDesignOwnerParams.extend({
  document: designDocumentField,
  /** The version the browser's copy was made from; another save since then is a conflict (409). */
  base_version: z.coerce.number().int().positive(),
  name: designName.optional(),
});
export const creatorDesignRenameParams = creatorDesignOwnerParams.extend({ name: designName });
/**
 * A copy: a new design at version 1 of the original's current document, named the original's name and `name_suffix`
 * (the storefront's translation of " (copy)"), the name shortened to fit.
 */
export const creatorDesignDuplicateParams = creatorDesignOwnerParams.extend({
  name_suffix: z.string().min(1).max(30).default(" (copy)"),
});
export const creatorDesignReadParams = creatorDesignOwnerParams.extend({
  locale: localeParam.optional(),
  /** A saved version's document instead of the current one (an ordered line's, for its print file). */
  version: z.coerce.number().int().positive().optional(),
});

/**
 * A version goes to the cart: the API checks the version exists, runs the preflight on that version's document
 * (contract/creator/preflight.ts), refuses a failing one (422 with the problems, each naming its page and element), and
 * records the checks with the preview the browser drew. The print file itself is made on the server once the line is
 * ordered (docs/decisions/0048); a browser's print file (`print_upload`, its pixels) is no longer asked for.
 */
export const creatorDesignPrintParams = creatorDesignOwnerParams.extend({
  version: z.coerce.number().int().positive(),
  preview_upload: uploadId,
});

/** A refused print record's details: the quality checks and the preflight's problems. */
export const printRefusalSchema = z.object({
  quality: printCheckSchema,
  problems: z
    .array(
      z.discriminatedUnion("problem", [
        z.object({
          problem: z.literal("resolution"),
          page: z.number().int(),
          element: z.string(),
          dpi: z.number(),
          minDpi: z.number(),
        }),
        z.object({ problem: z.literal("outsideSafeArea"), page: z.number().int(), element: z.string() }),
        z.object({
          problem: z.literal("pageCount"),
          pages: z.number().int(),
          min: z.number().int(),
          max: z.number().int(),
        }),
      ]),
    )
    .default([]),
});

/** At sign-in: the session's designs become the customer's. */
export const creatorDesignAdoptParams = visitorParams.required({ customer_id: true }).extend(siteParams.shape);
export const creatorDesignAdoptSchema = z.object({ moved: z.number().int().nonnegative() });
