import type { ArticleOption, Tier } from "../api/catalogue";
import { extraPages, pageRules } from "../creator/pages";

type PriceQuote = { unit: number; discountPercent: number; total: number; fullTotal: number };

/** A paged product's pages past the included ones, and the article's price of each (minor units). */
type ExtraPages = { count: number; price: number };
const NO_EXTRA_PAGES: ExtraPages = { count: 0, price: 0 };

/** The tier that applies to a quantity: the largest minimum the quantity reaches. */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | null {
  return [...tiers].sort((a, b) => b.minQuantity - a.minQuantity).find((tier) => quantity >= tier.minQuantity) ?? null;
}

/**
 * Price of `quantity` items with the chosen options and extra pages, in minor units: the extra pages are part of the
 * unit price, so quantity tiers discount them too; tier discounts round down to the unit.
 */
export function quote(
  basePrice: number,
  options: readonly ArticleOption[],
  chosen: readonly number[],
  tiers: readonly Tier[],
  quantity: number,
  pages: ExtraPages = NO_EXTRA_PAGES,
): PriceQuote {
  const unit =
    basePrice +
    options.filter((option) => chosen.includes(option.id)).reduce((sum, option) => sum + option.priceDelta, 0) +
    pages.count * pages.price;
  const fullTotal = unit * quantity;
  const discountPercent = tierFor(tiers, quantity)?.discountPercent ?? 0;
  return { unit, discountPercent, fullTotal, total: fullTotal - Math.floor((fullTotal * discountPercent) / 100) };
}

/** The default choice of each option group. */
export function defaultOptions(options: readonly ArticleOption[]): number[] {
  const groups = new Map<string, ArticleOption>();
  for (const option of options) if (!groups.has(option.group) || option.isDefault) groups.set(option.group, option);
  return [...groups.values()].map((option) => option.id);
}

/** What a paged design's price is made of: the article's price, options, tiers and price of an extra page. */
type PagedArticlePrice = {
  kind: string;
  price: number;
  options: readonly ArticleOption[];
  tiers: readonly Tier[];
  extraPagePrice: number;
};

/**
 * The price of a design of `innerPages` inner pages with the chosen options: the very quote the cart makes of its line
 * (the creator shows it as pages are added or removed).
 */
export function pagedQuote(article: PagedArticlePrice, chosen: readonly number[], innerPages: number, quantity = 1) {
  const pages = { count: extraPages(pageRules(article.kind), innerPages), price: article.extraPagePrice };
  return quote(article.price, article.options, chosen, article.tiers, quantity, pages);
}
