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

export const printFileSchema = z.object({
  version: z.number().int().positive(),
  upload: uploadId,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
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
  /** The print file of the latest version sent to the cart, if any. */
  print: printFileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreatorDesign = z.infer<typeof creatorDesignSchema>;

const creatorDesignSummarySchema = creatorDesignSchema.omit({ document: true, print: true });
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
export const creatorDesignReadParams = creatorDesignOwnerParams.extend({ locale: localeParam.optional() });

/**
 * The print file of a version was made (by the creator, at the template's print size) and uploaded: the API checks
 * the version exists, recomputes the quality checks from that version's document, refuses a blocking one (422), and
 * records them with the file. `width`/`height` are the uploaded file's pixels as the uploads worker read them.
 */
export const creatorDesignPrintParams = creatorDesignOwnerParams.extend({
  version: z.coerce.number().int().positive(),
  print_upload: uploadId,
  preview_upload: uploadId,
  width: z.coerce.number().int().positive().max(20_000),
  height: z.coerce.number().int().positive().max(20_000),
});

/** At sign-in: the session's designs become the customer's. */
export const creatorDesignAdoptParams = visitorParams.required({ customer_id: true }).extend(siteParams.shape);
export const creatorDesignAdoptSchema = z.object({ moved: z.number().int().nonnegative() });
