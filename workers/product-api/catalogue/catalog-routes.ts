import { Hono } from "hono";
import { idParams } from "@contract/api/params";
import { resolveParams, siteLocaleParams, tagListParams } from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { categoryDetails } from "./queries";

/** Categories, tags, banners and editorial pages of a site, and what a slug is. */
export const catalog = new Hono<ProductApi>()
  /** What `/{slug}` is: a category page (by list mode) or a product page. */
  .get("/resolve", validate("query", resolveParams), async (c) => {
    const { site, locale, slug } = c.req.valid("query");
    const category = await firstRow<{ id: number; listMode: string }>(
      c.env,
      sql`SELECT k.id, k.list_mode AS listMode FROM categories k
      JOIN category_texts x ON x.category_id = k.id WHERE k.site = ${site} AND x.locale = ${locale} AND x.slug = ${slug}`,
    );
    if (category) return c.json({ kind: "category", ...category });
    const article = await firstRow<{ id: number }>(
      c.env,
      sql`SELECT a.id FROM articles a JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}
      WHERE a.site = ${site} AND a.slug = ${slug}`,
    );
    if (article) return c.json({ kind: "product", id: article.id });
    return apiError(c, 404, API_ERROR_CODES.noResults, `Nothing at ${slug}`);
  })
  .get("/categories", validate("query", siteLocaleParams), async (c) => {
    const { site, locale } = c.req.valid("query");
    return c.json({ items: await categoryDetails(c.env, site, locale) });
  })
  .get("/categories/:id{[0-9]+}", validate("param", idParams), validate("query", siteLocaleParams), async (c) => {
    const { site, locale } = c.req.valid("query");
    const [category] = await categoryDetails(c.env, site, locale, c.req.valid("param").id);
    if (!category) return apiError(c, 404, API_ERROR_CODES.noResults, "Category not found");
    return c.json(category);
  })
  .get("/tags", validate("query", tagListParams), async (c) => {
    const { site, locale, slug } = c.req.valid("query");
    const found = await rows<{ id: number; slug: string; name: string; description: string; articleCount: number }>(
      c.env,
      sql`
      SELECT g.id, x.slug, x.name, x.description, (SELECT COUNT(*) FROM article_tags j WHERE j.tag_id = g.id) AS articleCount
      FROM tags g JOIN tag_texts x ON x.tag_id = g.id AND x.locale = ${locale}
      WHERE g.site = ${site} ${slug ? sql`AND x.slug = ${slug}` : sql``} ORDER BY x.name`,
    );
    if (slug && !found.length) return apiError(c, 404, API_ERROR_CODES.noResults, `No tag ${slug}`);
    const slugs = await rows<{ tagId: number; locale: string; slug: string }>(
      c.env,
      sql`SELECT x.tag_id AS tagId, x.locale, x.slug FROM tag_texts x JOIN tags g ON g.id = x.tag_id WHERE g.site = ${site}`,
    );
    return c.json({
      items: found.map((tag) => ({
        ...tag,
        slugs: Object.fromEntries(slugs.filter((s) => s.tagId === tag.id).map((s) => [s.locale, s.slug])),
      })),
    });
  })
  .get("/banners", validate("query", siteLocaleParams), async (c) => {
    const { site, locale } = c.req.valid("query");
    const items = await rows(
      c.env,
      sql`SELECT b.key, b.link, b.image, x.title, x.subtitle, x.cta FROM banners b
      JOIN banner_texts x ON x.banner_id = b.id AND x.locale = ${locale} WHERE b.site = ${site} ORDER BY b.position`,
    );
    return c.json({ items });
  })
  .get("/pages/:key", validate("query", siteLocaleParams), async (c) => {
    const { site, locale } = c.req.valid("query");
    const page = await firstRow<{ title: string; intro: string; sections: string }>(
      c.env,
      sql`SELECT title, intro, sections FROM pages
      WHERE site = ${site} AND key = ${c.req.param("key")} AND locale = ${locale}`,
    );
    if (!page) return apiError(c, 404, API_ERROR_CODES.noResults, "Page not found");
    return c.json({ ...page, sections: JSON.parse(page.sections) });
  });
