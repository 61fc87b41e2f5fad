import type { ArticleOption, Tier } from "../api/catalogue";

type PriceQuote = { unit: number; discountPercent: number; total: number; fullTotal: number };

/** The tier that applies to a quantity: the largest minimum the quantity reaches. */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | null {
  return [...tiers].sort((a, b) => b.minQuantity - a.minQuantity).find((tier) => quantity >= tier.minQuantity) ?? null;
}

/** Price of `quantity` items with the chosen options, in minor units; tier discounts round down to the unit. */
export function quote(
  basePrice: number,
  options: readonly ArticleOption[],
  chosen: readonly number[],
  tiers: readonly Tier[],
  quantity: number,
): PriceQuote {
  const unit =
    basePrice +
    options.filter((option) => chosen.includes(option.id)).reduce((sum, option) => sum + option.priceDelta, 0);
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
