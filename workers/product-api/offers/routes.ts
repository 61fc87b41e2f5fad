import { Hono } from "hono";
import { offerListParams } from "@contract/api/catalogue";
import { rows, sql } from "../db/query";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";

export const offers = new Hono<ProductApi>().get("/", validate("query", offerListParams), async (c) => {
  const { site, locale, state, today = new Date().toISOString().slice(0, 10) } = c.req.valid("query");
  const found = await rows<{
    id: number;
    code: string;
    discountPercent: number;
    startsAt: string;
    endsAt: string;
    minOrder: number;
    title: string;
    description: string;
    conditions: string;
    articleIds: string | null;
  }>(
    c.env,
    sql`
    SELECT o.id, o.code, o.discount_percent AS discountPercent, o.starts_at AS startsAt, o.ends_at AS endsAt, o.min_order AS minOrder,
      x.title, x.description, x.conditions, (SELECT group_concat(article_id) FROM offer_articles WHERE offer_id = o.id) AS articleIds
    FROM offers o JOIN offer_texts x ON x.offer_id = o.id AND x.locale = ${locale}
    WHERE o.site = ${site} ${state === "current" ? sql`AND o.starts_at <= ${today} AND o.ends_at >= ${today}` : sql``}
    ORDER BY o.ends_at DESC`,
  );
  return c.json({
    items: found.map(({ articleIds, ...offer }) => ({
      ...offer,
      articleIds: articleIds ? articleIds.split(",").map(Number) : [],
      state: offer.startsAt > today ? "UPCOMING" : offer.endsAt < today ? "EXPIRED" : "ACTIVE",
    })),
  });
});
