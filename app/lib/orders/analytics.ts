import type { Order } from "@contract/api/orders";

/** The spec's analytics cart line. */
export type AnalyticsCartLine = {
  cart_id: string;
  article_id: number;
  article_name: string;
  article_name_plural: string;
  pvp: number;
  quantity: number;
  promotion_code: string | null;
  url_preview: string;
};

/** An order's lines as the analytics tags read a purchase: `pvp` is the unit price in minor units, VAT included. */
export function analyticsCartLines(order: Order): AnalyticsCartLine[] {
  return order.lines.map((line) => ({
    cart_id: order.cartId,
    article_id: line.articleId,
    article_name: line.name,
    article_name_plural: line.namePlural,
    pvp: line.unitPrice,
    quantity: line.quantity,
    promotion_code: order.totals.promotion?.code ?? null,
    url_preview: line.image,
  }));
}
