import { inList, rows, sql } from "../db/query";

export type CardRow = {
  id: number;
  site: string;
  slug: string;
  name: string;
  namePlural: string;
  description: string;
  price: number;
  currency: string;
  image: string;
  collection: string | null;
  kind: string;
  popularity: number;
  ratingAverage: number;
  ratingCount: number;
};

export const ARTICLE_ORDER = {
  position: sql`a.position, a.id`,
  price_asc: sql`a.price, a.id`,
  price_desc: sql`a.price DESC, a.id`,
  popularity: sql`a.popularity DESC, a.id`,
  newest: sql`a.created_at DESC, a.id`,
  rating: sql`ratingAverage DESC, ratingCount DESC, a.id`,
};

export const cardColumns = sql`a.id, a.site, a.slug, t.name, t.name_plural AS namePlural, t.description, a.price, s.currency, a.image,
  a.collection, a.kind, a.popularity, COALESCE(r.average, 0) AS ratingAverage, COALESCE(r.count, 0) AS ratingCount`;
export const cardJoins = (locale: string) => sql`FROM articles a
  JOIN sites s ON s.slug = a.site
  JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}
  LEFT JOIN (SELECT article_id, ROUND(AVG(rating), 2) AS average, COUNT(*) AS count FROM reviews GROUP BY article_id) r ON r.article_id = a.id`;

export function toCard(row: CardRow) {
  const { ratingAverage, ratingCount, ...card } = row;
  return { ...card, rating: { average: ratingAverage, count: ratingCount } };
}

export async function articleCards(env: ProductApiEnv, site: string, locale: string, ids: number[]) {
  if (!ids.length) return [];
  const found = await rows<CardRow>(
    env,
    sql`SELECT ${cardColumns} ${cardJoins(locale)} WHERE a.site = ${site} AND a.id IN (${inList(ids)})`,
  );
  return ids
    .map((id) => found.find((row) => row.id === id))
    .filter((row): row is CardRow => !!row)
    .map(toCard);
}

type CategoryRow = {
  id: number;
  key: string;
  slug: string;
  name: string;
  description: string;
  body: string;
  listMode: string;
};

/** The site's categories (or one) in a locale, with their articles, their slug in every locale and a picture. */
export async function categoryDetails(env: ProductApiEnv, site: string, locale: string, only?: number) {
  const found = await rows<CategoryRow>(
    env,
    sql`SELECT k.id, k.key, x.slug, x.name, x.description, x.body, k.list_mode AS listMode
    FROM categories k JOIN category_texts x ON x.category_id = k.id AND x.locale = ${locale}
    WHERE k.site = ${site} ${only ? sql`AND k.id = ${only}` : sql``} ORDER BY k.position`,
  );
  if (!found.length) return [];
  const ids = found.map((row) => row.id);
  const [links, slugs, images] = await Promise.all([
    rows<{ categoryId: number; articleId: number }>(
      env,
      sql`SELECT category_id AS categoryId, article_id AS articleId FROM category_articles WHERE category_id IN (${inList(ids)}) ORDER BY position`,
    ),
    rows<{ categoryId: number; locale: string; slug: string }>(
      env,
      sql`SELECT category_id AS categoryId, locale, slug FROM category_texts WHERE category_id IN (${inList(ids)})`,
    ),
    rows<{ categoryId: number; image: string }>(
      env,
      sql`SELECT j.category_id AS categoryId, a.image FROM category_articles j JOIN articles a ON a.id = j.article_id WHERE j.position = 0 AND j.category_id IN (${inList(ids)})`,
    ),
  ]);
  return found.map((row) => ({
    ...row,
    body: JSON.parse(row.body) as string[],
    articleIds: links.filter((link) => link.categoryId === row.id).map((link) => link.articleId),
    slugs: Object.fromEntries(
      slugs.filter((slug) => slug.categoryId === row.id).map((slug) => [slug.locale, slug.slug]),
    ),
    image: images.find((image) => image.categoryId === row.id)?.image ?? null,
  }));
}
