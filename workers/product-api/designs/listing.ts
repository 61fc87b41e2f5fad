import { sql } from "../db/query";

/** How lists of designs are sorted (DESIGN_SORTS), newest or most popular first. */
export const DESIGN_ORDER = {
  DATE_LAST_MODIFICATION: sql`d.updated_at DESC, d.id`,
  DATE_CREATION: sql`d.created_at DESC, d.id`,
  POPULARITY: sql`d.popularity DESC, d.id`,
};

/**
 * The designs the shop shows anyone (catalogue, design page, sitemap): its own ready-made ones that are not private.
 * Designs saved by accounts or made in the creator never are, whatever their scope: they hold people's photos, and
 * their scope says who of their group shares them.
 */
export const LISTED_IN_SHOP = sql`d.kind = 'CATALOGUE' AND d.scope != 'PRIVATE'`;
