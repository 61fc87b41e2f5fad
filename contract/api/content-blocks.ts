import { z } from "zod";
import { articleCardSchema, siteLocaleParams } from "./catalogue";
import { PAGE_KINDS, RESOURCE_KINDS } from "./enums";

/**
 * The content block a page kind shows (the 404 screen, the search results, the cart): items in order, each of a
 * resource kind, with its texts in the asked locale (docs/decisions/0039). An item whose target is gone (an article no
 * longer sold, a topic without a text in that locale) is left out, so a block may come back shorter or empty.
 */

export { PAGE_KINDS, RESOURCE_KINDS };
export type PageKind = (typeof PAGE_KINDS)[number];
type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const pageKindParam = z.object({ pageKind: z.enum(PAGE_KINDS) });
export const contentBlockParams = siteLocaleParams;

/** A product, as a list's card shows it. */
const articleItem = z.object({ kind: z.literal("ARTICLE"), article: articleCardSchema });
/** A page of the shop: a category or a tag, with its name and description; `path` without the locale prefix. */
const resourceItem = z.object({
  kind: z.literal("RESOURCE"),
  title: z.string(),
  description: z.string(),
  path: z.string().startsWith("/"),
});
/** A help-centre answer, shown folded: its question, its paragraphs and the topic's page. */
const tabItem = z.object({
  kind: z.literal("TAB"),
  title: z.string(),
  body: z.array(z.string()),
  path: z.string().startsWith("/"),
});

const contentBlockItemSchema = z.discriminatedUnion("kind", [articleItem, resourceItem, tabItem]);
export type ContentBlockItem = z.infer<typeof contentBlockItemSchema>;

export const contentBlockSchema = z.object({ pageKind: z.enum(PAGE_KINDS), items: z.array(contentBlockItemSchema) });
export type ContentBlock = z.infer<typeof contentBlockSchema>;

// Every resource kind has its item shape, and no item a kind the enumeration lacks.
const _kindsFit: [
  Exclude<ResourceKind, ContentBlockItem["kind"]>,
  Exclude<ContentBlockItem["kind"], ResourceKind>,
] extends [never, never]
  ? true
  : never = true;
void _kindsFit;
