import { Hono } from "hono";
import { reviewListParams, reviewSummaryParams } from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";

export const reviews = new Hono<ProductApi>()
  .get("/", validate("query", reviewListParams), async (c) => {
    const p = c.req.valid("query");
    const where = [sql`r.site = ${p.site}`];
    if (p.rating) where.push(sql`r.rating = ${p.rating}`);
    if (p.article) where.push(sql`r.article_id = ${p.article}`);
    const condition = sql.join(where, sql` AND `);
    const [items, total] = await Promise.all([
      rows(
        c.env,
        sql`SELECT r.id, r.article_id AS articleId, COALESCE(t.name, '') AS articleName, r.rating, r.author, r.title, r.body,
        r.created_at AS createdAt, r.answer FROM reviews r LEFT JOIN article_texts t ON t.article_id = r.article_id AND t.locale = ${p.locale}
        WHERE ${condition} ORDER BY r.created_at DESC, r.id DESC LIMIT ${p.limit} OFFSET ${p.offset}`,
      ),
      firstRow<{ n: number }>(c.env, sql`SELECT COUNT(*) AS n FROM reviews r WHERE ${condition}`),
    ]);
    if (!items.length) return apiError(c, 404, API_ERROR_CODES.noResults, "No reviews", { items: [], total: 0 });
    return c.json({ items, total: total?.n ?? 0 });
  })
  .get("/summary", validate("query", reviewSummaryParams), async (c) => {
    const { site, article } = c.req.valid("query");
    const counts = await rows<{ rating: number; n: number }>(
      c.env,
      sql`SELECT rating, COUNT(*) AS n FROM reviews
      WHERE site = ${site} ${article ? sql`AND article_id = ${article}` : sql``} GROUP BY rating`,
    );
    const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<number, number>;
    for (const { rating, n } of counts) distribution[rating] = n;
    const count = counts.reduce((sum, row) => sum + row.n, 0);
    const average = count
      ? Math.round((counts.reduce((sum, row) => sum + row.rating * row.n, 0) / count) * 100) / 100
      : 0;
    return c.json({ average, count, distribution });
  });
