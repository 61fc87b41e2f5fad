import type { Cart } from "@contract/api/cart";
import type { OPTION_GROUPS } from "@contract/api/enums";
import type { Totals } from "@contract/api/totals";
import { brandBySlug, type Brand } from "@contract/brands/brands";
import { extraPages, pageRules } from "@contract/creator/pages";
import { quote } from "@contract/pricing/quote";
import { afterPromotion, totalsOf } from "@contract/pricing/totals";
import { freeShippingRemaining, shippingEstimate } from "@contract/shipping/options";
import { cartContents, findOffer, promotionProblem, sortedIds, type CartContents, type CartRow } from "./queries";

type OptionGroup = (typeof OPTION_GROUPS)[number];

/** The brand a cart's site sells as: every site is one. */
export function brandOfSite(site: string): Brand {
  const brand = brandBySlug(site);
  if (!brand) throw new Error(`No brand for site ${site}`);
  return brand;
}

/**
 * The contract's cart: lines priced with their options and quantity tiers, the promotion, and totals with the shipping
 * estimate. Its contents are read here unless the caller read them already (ownCartWith).
 */
export async function cartView(
  env: ProductApiEnv,
  cart: CartRow,
  locale: string,
  contents?: CartContents,
): Promise<Cart> {
  const [lines, [options, tiers]] = contents ?? (await cartContents(env, cart.id, locale));
  const articleIds = [...new Set(lines.map((line) => line.articleId))];
  const priced = lines.map((line) => {
    const own = options
      .filter((option) => option.articleId === line.articleId)
      .map((option) => ({ ...option, isDefault: !!option.isDefault, group: option.group as OptionGroup }));
    const chosen = sortedIds(line.options);
    // A paged design's pages past the included ones are priced by the article, per copy.
    const extra = line.innerPages === null ? 0 : extraPages(pageRules(line.kind), line.innerPages);
    const price = quote(
      line.price,
      own,
      chosen,
      tiers.filter((tier) => tier.articleId === line.articleId),
      line.quantity,
      { count: extra, price: line.extraPagePrice },
    );
    return {
      id: line.id,
      articleId: line.articleId,
      name: line.name,
      slug: line.slug,
      image: line.image,
      options: own.filter((option) => chosen.includes(option.id)).map(({ id, group, code }) => ({ id, group, code })),
      availableOptions: own.map(({ id, group, code, priceDelta }) => ({ id, group, code, priceDelta })),
      quantity: line.quantity,
      unitPrice: price.unit,
      discountPercent: price.discountPercent,
      total: price.total,
      designId: line.designId,
      designVersion: line.designVersion,
      designName: line.designName,
      designPreview: line.designPreview,
      designPrint: line.designPrint,
      innerPages: line.innerPages,
      extraPages: extra,
    };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  let promotion: Totals["promotion"] = null;
  if (cart.promotionCode) {
    const offer = await findOffer(env, cart.site, cart.promotionCode);
    if (offer && !promotionProblem(offer, subtotal, articleIds)) {
      const eligible = priced
        .filter((line) => !offer.articleIds.length || offer.articleIds.includes(line.articleId))
        .reduce((sum, line) => sum + line.total, 0);
      promotion = {
        code: offer.code,
        discountPercent: offer.discountPercent,
        amount: Math.floor((eligible * offer.discountPercent) / 100),
      };
    }
  }
  const brand = brandOfSite(cart.site);
  const lessPromotion = afterPromotion({ subtotal, promotion });
  return {
    id: cart.id,
    currency: cart.currency,
    lines: priced,
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    totals: totalsOf({
      subtotal,
      promotion,
      shipping: shippingEstimate(brand, lessPromotion, priced.length),
      country: brand.country,
    }),
    freeShippingRemaining: freeShippingRemaining(cart.currency, lessPromotion),
  };
}
