import { Hono } from "hono";
import { siteParams } from "@contract/api/params";
import { rows, sql } from "../db/query";
import { LISTED_IN_SHOP } from "../designs/listing";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";

type Row = { id: string; locale: string; slug: string; updatedAt: string };

/** Every public page of a site with its slug in each locale, for sitemap.xml. */
export const sitemap = new Hono<ProductApi>().get("/", validate("query", siteParams), async (c) => {
  const { site } = c.req.valid("query");
  const [categories, articles, tags, designs, topics, helpCategories] = await Promise.all([
    rows<Row>(
      c.env,
      sql`SELECT k.id, x.locale, x.slug, '2026-11-01' AS updatedAt FROM categories k JOIN category_texts x ON x.category_id = k.id WHERE k.site = ${site}`,
    ),
    rows<Row>(
      c.env,
      sql`SELECT a.id, t.locale, a.slug, a.created_at AS updatedAt FROM articles a JOIN article_texts t ON t.article_id = a.id WHERE a.site = ${site}`,
    ),
    rows<Row>(
      c.env,
      sql`SELECT g.id, x.locale, x.slug, '2026-11-01' AS updatedAt FROM tags g JOIN tag_texts x ON x.tag_id = g.id WHERE g.site = ${site}`,
    ),
    rows<Row>(
      c.env,
      sql`SELECT d.id, x.locale, x.slug || '/' || d.id AS slug, d.updated_at AS updatedAt FROM designs d JOIN design_texts x ON x.design_id = d.id WHERE d.site = ${site} AND ${LISTED_IN_SHOP}`,
    ),
    rows<Row>(
      c.env,
      sql`SELECT p.id, x.locale, x.slug || '_' || p.id AS slug, '2026-11-01' AS updatedAt FROM help_topics p JOIN help_topic_texts x ON x.topic_id = p.id`,
    ),
    rows<Row>(
      c.env,
      sql`SELECT k.id, x.locale, CAST(k.id AS TEXT) AS slug, '2026-11-01' AS updatedAt FROM help_categories k JOIN help_category_texts x ON x.category_id = k.id`,
    ),
  ]);
  const group = (kind: string, list: Row[]) => {
    const byId = new Map<string, { kind: string; slugs: Record<string, string>; updatedAt: string }>();
    for (const row of list) {
      const entry = byId.get(String(row.id)) ?? { kind, slugs: {}, updatedAt: row.updatedAt };
      entry.slugs[row.locale] = row.slug;
      byId.set(String(row.id), entry);
    }
    return [...byId.values()];
  };
  return c.json({
    items: [
      ...group("category", categories),
      ...group("article", articles),
      ...group("tag", tags),
      ...group("design", designs),
      ...group("help-topic", topics),
      ...group("help-category", helpCategories),
    ],
  });
});
