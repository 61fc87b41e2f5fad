import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, zValidator, type ProductApi } from "../http";

export const siteLocale = z.object({ site: z.string().min(1), locale: z.string().min(2).max(5) });
const bySlug = siteLocale.extend({ slug: z.string().min(1).max(200) });

type CategoryRow = { id: number; key: string; slug: string; name: string; description: string; body: string; listMode: string };

async function categoryDetails(env: ProductApiEnv, site: string, locale: string, only?: number) {
  const found = await rows<CategoryRow>(env, sql`SELECT k.id, k.key, x.slug, x.name, x.description, x.body, k.list_mode AS listMode
    FROM categories k JOIN category_texts x ON x.category_id = k.id AND x.locale = ${locale}
    WHERE k.site = ${site} ${only ? sql`AND k.id = ${only}` : sql``} ORDER BY k.position`);
  if (!found.length) return [];
  const ids = found.map((row) => row.id);
  const [links, slugs, images] = await Promise.all([
    rows<{ categoryId: number; articleId: number }>(env, sql`SELECT category_id AS categoryId, article_id AS articleId FROM category_articles WHERE category_id IN (${inList(ids)}) ORDER BY position`),
    rows<{ categoryId: number; locale: string; slug: string }>(env, sql`SELECT category_id AS categoryId, locale, slug FROM category_texts WHERE category_id IN (${inList(ids)})`),
    rows<{ categoryId: number; image: string }>(env, sql`SELECT j.category_id AS categoryId, a.image FROM category_articles j JOIN articles a ON a.id = j.article_id WHERE j.position = 0 AND j.category_id IN (${inList(ids)})`),
  ]);
  return found.map((row) => ({
    ...row,
    body: JSON.parse(row.body) as string[],
    articleIds: links.filter((link) => link.categoryId === row.id).map((link) => link.articleId),
    slugs: Object.fromEntries(slugs.filter((slug) => slug.categoryId === row.id).map((slug) => [slug.locale, slug.slug])),
    image: images.find((image) => image.categoryId === row.id)?.image ?? null,
  }));
}

export const catalog = new Hono<ProductApi>()
  /** What `/{slug}` is: a category page (by list mode) or a product page. */
  .get("/resolve", zValidator("query", bySlug), async (c) => {
    const { site, locale, slug } = bySlug.parse(c.req.query());
    const category = await firstRow<{ id: number; listMode: string }>(c.env, sql`SELECT k.id, k.list_mode AS listMode FROM categories k
      JOIN category_texts x ON x.category_id = k.id WHERE k.site = ${site} AND x.locale = ${locale} AND x.slug = ${slug}`);
    if (category) return c.json({ kind: "category", ...category });
    const article = await firstRow<{ id: number }>(c.env, sql`SELECT a.id FROM articles a JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}
      WHERE a.site = ${site} AND a.slug = ${slug}`);
    if (article) return c.json({ kind: "product", id: article.id });
    return apiError(c, 404, API_ERROR_CODES.noResults, `Nothing at ${slug}`);
  })
  .get("/categories", zValidator("query", siteLocale), async (c) => {
    const { site, locale } = siteLocale.parse(c.req.query());
    return c.json({ items: await categoryDetails(c.env, site, locale) });
  })
  .get("/categories/:id{[0-9]+}", zValidator("query", siteLocale), async (c) => {
    const { site, locale } = siteLocale.parse(c.req.query());
    const [category] = await categoryDetails(c.env, site, locale, Number(c.req.param("id")));
    if (!category) return apiError(c, 404, API_ERROR_CODES.noResults, "Category not found");
    return c.json(category);
  })
  .get("/tags", zValidator("query", siteLocale.extend({ slug: z.string().max(200).optional() })), async (c) => {
    const { site, locale, slug } = siteLocale.extend({ slug: z.string().optional() }).parse(c.req.query());
    const found = await rows<{ id: number; slug: string; name: string; description: string; articleCount: number }>(c.env, sql`
      SELECT g.id, x.slug, x.name, x.description, (SELECT COUNT(*) FROM article_tags j WHERE j.tag_id = g.id) AS articleCount
      FROM tags g JOIN tag_texts x ON x.tag_id = g.id AND x.locale = ${locale}
      WHERE g.site = ${site} ${slug ? sql`AND x.slug = ${slug}` : sql``} ORDER BY x.name`);
    if (slug && !found.length) return apiError(c, 404, API_ERROR_CODES.noResults, `No tag ${slug}`);
    const slugs = await rows<{ tagId: number; locale: string; slug: string }>(c.env, sql`SELECT x.tag_id AS tagId, x.locale, x.slug FROM tag_texts x JOIN tags g ON g.id = x.tag_id WHERE g.site = ${site}`);
    return c.json({
      items: found.map((tag) => ({ ...tag, slugs: Object.fromEntries(slugs.filter((s) => s.tagId === tag.id).map((s) => [s.locale, s.slug])) })),
    });
  })
  .get("/banners", zValidator("query", siteLocale), async (c) => {
    const { site, locale } = siteLocale.parse(c.req.query());
    const items = await rows(c.env, sql`SELECT b.key, b.link, b.image, x.title, x.subtitle, x.cta FROM banners b
      JOIN banner_texts x ON x.banner_id = b.id AND x.locale = ${locale} WHERE b.site = ${site} ORDER BY b.position`);
    return c.json({ items });
  })
  .get("/pages/:key", zValidator("query", siteLocale), async (c) => {
    const { site, locale } = siteLocale.parse(c.req.query());
    const page = await firstRow<{ title: string; intro: string; sections: string }>(c.env, sql`SELECT title, intro, sections FROM pages
      WHERE site = ${site} AND key = ${c.req.param("key")} AND locale = ${locale}`);
    if (!page) return apiError(c, 404, API_ERROR_CODES.noResults, "Page not found");
    return c.json({ ...page, sections: JSON.parse(page.sections) });
  });
