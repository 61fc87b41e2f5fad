import { Hono } from "hono";
import { idParams } from "@contract/api/params";
import { articleListParams, siteLocaleParams } from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { ARTICLE_ORDER, articleCards, cardColumns, cardJoins, toCard, type CardRow } from "./queries";

export const articles = new Hono<ProductApi>()
  .get("/", validate("query", articleListParams), async (c) => {
    const p = c.req.valid("query");
    const where = [sql`a.site = ${p.site}`];
    if (p.collection) where.push(sql`a.collection = ${p.collection}`);
    if (p.category)
      where.push(sql`a.id IN (SELECT article_id FROM category_articles WHERE category_id = ${p.category})`);
    if (p.tag) where.push(sql`a.id IN (SELECT article_id FROM article_tags WHERE tag_id = ${p.tag})`);
    if (p.priceMin !== undefined) where.push(sql`a.price >= ${p.priceMin}`);
    if (p.priceMax !== undefined) where.push(sql`a.price <= ${p.priceMax}`);
    if (p.ids) where.push(sql`a.id IN (${inList(p.ids.split(",").map(Number))})`);
    const condition = sql.join(where, sql` AND `);
    const [items, total] = await Promise.all([
      rows<CardRow>(
        c.env,
        sql`SELECT ${cardColumns} ${cardJoins(p.locale)} WHERE ${condition} ORDER BY ${ARTICLE_ORDER[p.sort]} LIMIT ${p.limit} OFFSET ${p.offset}`,
      ),
      firstRow<{ n: number }>(c.env, sql`SELECT COUNT(*) AS n ${cardJoins(p.locale)} WHERE ${condition}`),
    ]);
    // An empty list is still an answer: code 5004 tells the proxy to hand the body over as data.
    if (!items.length) return apiError(c, 404, API_ERROR_CODES.noResults, "No articles", { items: [], total: 0 });
    return c.json({ items: items.map(toCard), total: total?.n ?? 0 });
  })
  .get("/:id{[0-9]+}", validate("param", idParams), validate("query", siteLocaleParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, locale } = c.req.valid("query");
    const [card] = await articleCards(c.env, site, locale, [id]);
    if (!card) return apiError(c, 404, API_ERROR_CODES.noResults, `Article ${id} not found`);
    const [options, tiers, media, tags, categories, pages] = await Promise.all([
      rows<{ isDefault: number }>(
        c.env,
        sql`SELECT id, group_code AS "group", code, price_delta AS priceDelta, is_default AS isDefault FROM article_options WHERE article_id = ${id} ORDER BY group_code, position`,
      ),
      rows(
        c.env,
        sql`SELECT min_quantity AS minQuantity, discount_percent AS discountPercent FROM article_tiers WHERE article_id = ${id} ORDER BY min_quantity`,
      ),
      rows(
        c.env,
        sql`SELECT owner_kind AS kind, media_type AS type, url, format, width, height FROM media WHERE owner_id = ${String(id)} AND owner_kind IN ('product', 'environment') ORDER BY position`,
      ),
      rows(
        c.env,
        sql`SELECT g.id, x.slug, x.name FROM article_tags j JOIN tags g ON g.id = j.tag_id JOIN tag_texts x ON x.tag_id = g.id AND x.locale = ${locale} WHERE j.article_id = ${id} ORDER BY x.name`,
      ),
      rows(
        c.env,
        sql`SELECT k.id, x.slug, x.name FROM category_articles j JOIN categories k ON k.id = j.category_id JOIN category_texts x ON x.category_id = k.id AND x.locale = ${locale} WHERE j.article_id = ${id} ORDER BY k.position`,
      ),
      firstRow<{ price: number }>(c.env, sql`SELECT extra_page_price AS price FROM articles WHERE id = ${id}`),
    ]);
    const texts = await rows<{ locale: string }>(c.env, sql`SELECT locale FROM article_texts WHERE article_id = ${id}`);
    const slugs = Object.fromEntries(texts.map((text) => [text.locale, card.slug]));
    return c.json({
      ...card,
      extraPagePrice: pages?.price ?? 0,
      options: options.map((option) => ({ ...option, isDefault: !!option.isDefault })),
      tiers,
      media,
      tags,
      categories,
      slugs,
    });
  });
