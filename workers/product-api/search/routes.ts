import { Hono } from "hono";
import { searchParams } from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { inList, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";

/**
 * An FTS5 query from what the shopper typed: words (letters and digits in any script), each matched as a prefix,
 * all required (or, for `any`, any of them). Quotes keep FTS5 syntax out of the shopper's hands.
 */
function matchQuery(text: string, match: "all" | "any"): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `"${word}"*`).join(match === "any" ? " OR " : " ") : null;
}

type Hit = { kind: string; ref: string; name: string; score: number };

export const search = new Hono<ProductApi>().get("/", validate("query", searchParams), async (c) => {
  const { site, locale, q, limit, kind, match: mode } = c.req.valid("query");
  const match = matchQuery(q, mode);
  if (!match) return apiError(c, 404, API_ERROR_CODES.noResults, "No results", { items: [] });
  // Names weigh most, then tags, then descriptions; products and categories rank above designs and help topics.
  const hits = await rows<Hit>(
    c.env,
    sql`SELECT kind, ref, name, bm25(search_index, 0, 0, 0, 0, 10.0, 4.0, 1.0) *
      CASE kind WHEN 'article' THEN 1.6 WHEN 'category' THEN 1.4 WHEN 'tag' THEN 1.2 WHEN 'design' THEN 1.0 ELSE 0.8 END AS score
    FROM search_index WHERE search_index MATCH ${match} AND locale = ${locale} AND site IN (${site}, '*')
    ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY score LIMIT ${limit}`,
  );
  if (!hits.length) return apiError(c, 404, API_ERROR_CODES.noResults, "No results", { items: [] });
  const ids = (kind: string) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.ref.slice(kind.length + 1));
  const numeric = (kind: string) => ids(kind).map(Number);
  const none = sql`NULL`;
  const [articles, categories, tags, designs, topics] = await Promise.all([
    rows<{ id: number; slug: string; image: string; price: number }>(
      c.env,
      sql`SELECT id, slug, image, price FROM articles WHERE id IN (${numeric("article").length ? inList(numeric("article")) : none})`,
    ),
    rows<{ id: number; slug: string }>(
      c.env,
      sql`SELECT category_id AS id, slug FROM category_texts WHERE locale = ${locale} AND category_id IN (${numeric("category").length ? inList(numeric("category")) : none})`,
    ),
    rows<{ id: number; slug: string }>(
      c.env,
      sql`SELECT tag_id AS id, slug FROM tag_texts WHERE locale = ${locale} AND tag_id IN (${numeric("tag").length ? inList(numeric("tag")) : none})`,
    ),
    rows<{ id: string; slug: string; image: string; articleId: number }>(
      c.env,
      sql`SELECT d.id, x.slug, d.image, d.article_id AS articleId FROM designs d JOIN design_texts x ON x.design_id = d.id AND x.locale = ${locale} WHERE d.id IN (${ids("design").length ? inList(ids("design")) : none})`,
    ),
    rows<{ id: number; slug: string }>(
      c.env,
      sql`SELECT topic_id AS id, slug FROM help_topic_texts WHERE locale = ${locale} AND topic_id IN (${numeric("help").length ? inList(numeric("help")) : none})`,
    ),
  ]);
  const items = hits.map((hit) => {
    const id = hit.ref.slice(hit.kind.length + 1);
    const of = <T extends { id: number | string }>(list: T[]) => list.find((row) => String(row.id) === id);
    const article = hit.kind === "article" ? of(articles) : undefined;
    const design = hit.kind === "design" ? of(designs) : undefined;
    const slug =
      (article ?? design ?? of(hit.kind === "category" ? categories : hit.kind === "tag" ? tags : topics))?.slug ?? "";
    return {
      kind: hit.kind,
      id,
      name: hit.name,
      slug,
      image: article?.image ?? design?.image ?? null,
      extra: article ? String(article.price) : design ? String(design.articleId) : null,
    };
  });
  return c.json({ items });
});
