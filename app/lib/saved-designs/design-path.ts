import { slugify } from "@contract/rules/slug";

/** A name that leaves no slug (emoji, another script) still gives the page an address that reads as one. */
const NO_SLUG = "design";

/** The slug of a design a person named: SPEC 5's rule, or "design" when nothing of the name is left. */
export function designSlug(name: string) {
  return slugify(name) || NO_SLUG;
}

/** A saved design's page (SPEC's /design/{slug}/{design_id}), its slug made from the name its author typed. */
export function savedDesignPath(design: { id: string; name: string }) {
  return `/design/${designSlug(design.name)}/${encodeURIComponent(design.id)}`;
}
