import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { designListParams, siteLocaleParams } from "@contract/api/catalogue";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { DESIGN_ORDER, LISTED_IN_SHOP } from "./listing";

const columns = sql`d.id, d.article_id AS articleId, t.name AS articleName, a.slug AS articleSlug, x.slug, x.name, d.theme, d.scope,
  d.popularity, d.created_at AS createdAt, d.updated_at AS updatedAt, d.image, a.price`;
const joins = (locale: string) => sql`FROM designs d JOIN design_texts x ON x.design_id = d.id AND x.locale = ${locale}
  JOIN articles a ON a.id = d.article_id JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}`;

/** The shop's ready-made designs; private ones and those saved by accounts are never listed (listing.ts). */
export const designs = new Hono<ProductApi>()
  .get("/", validate("query", designListParams), async (c) => {
    const p = c.req.valid("query");
    const where = [sql`d.site = ${p.site}`, LISTED_IN_SHOP];
    if (p.articles) where.push(sql`d.article_id IN (${inList(p.articles.split(",").map(Number))})`);
    if (p.theme) where.push(sql`d.theme = ${p.theme}`);
    const condition = sql.join(where, sql` AND `);
    const [items, total] = await Promise.all([
      rows(
        c.env,
        sql`SELECT ${columns} ${joins(p.locale)} WHERE ${condition} ORDER BY ${DESIGN_ORDER[p.sort]} LIMIT ${p.limit} OFFSET ${p.offset}`,
      ),
      firstRow<{ n: number }>(c.env, sql`SELECT COUNT(*) AS n ${joins(p.locale)} WHERE ${condition}`),
    ]);
    if (!items.length) return apiError(c, 404, API_ERROR_CODES.noResults, "No designs", { items: [], total: 0 });
    return c.json({ items, total: total?.n ?? 0 });
  })
  .get("/:id", validate("query", siteLocaleParams), async (c) => {
    const { site, locale } = c.req.valid("query");
    const design = await firstRow(
      c.env,
      sql`SELECT ${columns} ${joins(locale)} WHERE d.site = ${site} AND d.id = ${c.req.param("id")} AND ${LISTED_IN_SHOP}`,
    );
    if (!design) return apiError(c, 404, API_ERROR_CODES.noResults, "Design not found");
    return c.json(design);
  });
