import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { API_ERROR_CODES, articleListQuery } from "../../../app/lib/product-api/contract";
import { storeDb } from "../db/client";
import { articles as articlesTable, articleTexts, sites } from "../db/schema";
import { apiError, zValidator, type ProductApi } from "../http";

export const articles = new Hono<ProductApi>().get("/", zValidator("query", articleListQuery), async (c) => {
  const { site, locale, limit } = c.req.valid("query" as never) as ReturnType<typeof articleListQuery.parse>;
  const rows = await storeDb(c.env)
    .select({
      id: articlesTable.id,
      site: articlesTable.site,
      slug: articlesTable.slug,
      name: articleTexts.name,
      namePlural: articleTexts.namePlural,
      description: articleTexts.description,
      price: articlesTable.price,
      currency: sites.currency,
      image: articlesTable.image,
      collection: articlesTable.collection,
    })
    .from(articlesTable)
    .innerJoin(sites, eq(sites.slug, articlesTable.site))
    .innerJoin(articleTexts, and(eq(articleTexts.articleId, articlesTable.id), eq(articleTexts.locale, locale)))
    .where(eq(articlesTable.site, site))
    .orderBy(asc(articlesTable.position))
    .limit(limit);
  // An empty list is still an answer: code 5004 tells the proxy to hand the body over as data.
  if (rows.length === 0) return apiError(c, 404, API_ERROR_CODES.noResults, "No articles", { items: [] });
  return c.json({ items: rows });
});
