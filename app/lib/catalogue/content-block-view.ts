import type { ContentBlock, PageKind } from "@contract/api/content-blocks";
import { articleCardView, type ArticleCardView } from "./card-views";

type Item = ContentBlock["items"][number];
export type ContentBlockItemView = Exclude<Item, { kind: "ARTICLE" }> | { kind: "ARTICLE"; article: ArticleCardView };
export type ContentBlockView = { pageKind: PageKind; items: ContentBlockItemView[] };

/** A content block as a page sends it: the products with a card's fields only (the loader data is in the HTML). */
export function contentBlockView(block: ContentBlock): ContentBlockView {
  return {
    pageKind: block.pageKind,
    items: block.items.map((item) =>
      item.kind === "ARTICLE" ? { kind: "ARTICLE", article: articleCardView(item.article) } : item,
    ),
  };
}
