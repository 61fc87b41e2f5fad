import { z } from "zod";
import { actorParams } from "./accounts";
import { DESIGN_KINDS, DESIGN_SORTS, PROJECT_SCOPES } from "./enums";
import { booleanFilterParam, localeParam } from "./params";

/**
 * Designs saved by accounts and visitors (those made in the creator; the shop's own ready-made designs are the
 * catalogue's, docs/decisions/0044 for the kinds). Who
 * sees one: the account that saved it; its whole group when its scope is GROUP_APPLICATIONS; and the group's owner
 * (the master) every design of its group, in the designs admin. None is listed in the shop's catalogue.
 */

export const GROUP_DESIGNS_PER_PAGE = 24;

export const savedDesignSchema = z.object({
  id: z.string(),
  /** SAVED, or CREATOR for one made in the creator (it opens there again, and is renamed and copied by its author). */
  kind: z.enum(DESIGN_KINDS).exclude(["CATALOGUE"]),
  name: z.string(),
  articleId: z.number().int(),
  articleName: z.string(),
  image: z.string(),
  scope: z.enum(PROJECT_SCOPES),
  popularity: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who saved it, by name (staff see designs their group shares). */
  savedBy: z.object({ id: z.string(), name: z.string() }),
  /** Whether the asking account may delete it: its own, or any of its group's for the group's owner. */
  deletable: z.boolean(),
});
export type SavedDesign = z.infer<typeof savedDesignSchema>;

export const savedDesignListSchema = z.object({ items: z.array(savedDesignSchema) });
export const savedDesignPageSchema = z.object({
  items: z.array(savedDesignSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
export type SavedDesignPage = z.infer<typeof savedDesignPageSchema>;

export const savedDesignParams = actorParams.extend({ locale: localeParam });
export const groupDesignListParams = savedDesignParams.extend({
  scope: z.enum(PROJECT_SCOPES).optional(),
  sort: z.enum(DESIGN_SORTS).default("DATE_LAST_MODIFICATION"),
  /** Whether an order holds the design (its print went to the workshop): the designs admin's yes/no filter. */
  ordered: booleanFilterParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const designScopeParams = actorParams.extend({ scope: z.enum(PROJECT_SCOPES) });
export const designActionParams = actorParams;
/** A design's id in a path, as the catalogue names them (`d-201-flowers`). */
export const designIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * A saved design's picture when it is one of its author's uploads (a creator design's preview): which upload, and
 * whose, for an account that may see the design (its own, its group's shared ones, or any of its group's for the
 * owner).
 */
export const designPictureSchema = z.object({ upload: z.string().regex(/^up_[A-Za-z0-9]{24}$/), author: z.string() });

/** What the designs answer after a change: the design's id, and whether anything changed. */
export const designChangeSchema = z.object({ id: z.string(), changed: z.boolean() });
