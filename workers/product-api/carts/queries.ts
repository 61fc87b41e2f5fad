import type { SQL } from "drizzle-orm";
import type { CartSummary } from "@contract/api/cart";
import { firstRow, inList, rows, sql } from "../db/query";

/** An open cart as the cart calls read it. */
export type CartRow = {
  id: string;
  site: string;
  promotionCode: string | null;
  currency: string;
  customerId: string | null;
};
export type LineRow = {
  id: number;
  articleId: number;
  options: string;
  quantity: number;
  designId: string | null;
  name: string;
  slug: string;
  image: string;
  price: number;
  designVersion: number | null;
  designName: string | null;
  designPreview: string | null;
  designPrint: string | null;
  kind: string;
  innerPages: number | null;
  extraPagePrice: number;
};
export type OptionRow = {
  id: number;
  articleId: number;
  group: string;
  code: string;
  priceDelta: number;
  isDefault: number;
};
export type TierRow = { articleId: number; minQuantity: number; discountPercent: number };

export const now = () => new Date().toISOString();
const today = () => now().slice(0, 10);

/** A line's option ids as stored: comma-separated, each once, in ascending order. */
export const sortedIds = (csv: string) =>
  [...new Set(csv.split(",").filter(Boolean).map(Number))].sort((a, b) => a - b);

const cartColumns = sql`c.id, c.site, c.promotion_code AS promotionCode, c.customer_id AS customerId, s.currency`;

/**
 * The open cart when it belongs to this visitor: a guest's cart to the product-API session that made it, a customer's
 * cart (once it has a customer) to that customer only. Anyone else's cart, and a closed one (its order is paid), does
 * not exist for them.
 */
export async function ownCart(env: ProductApiEnv, id: string, extSessionId: string, customerId: string | null = null) {
  return firstRow<CartRow>(
    env,
    sql`SELECT ${cartColumns} FROM carts c JOIN sites s ON s.slug = c.site WHERE ${ownedBy(id, extSessionId, customerId)}`,
  );
}

const ownedBy = (id: string, extSessionId: string, customerId: string | null) =>
  sql`c.id = ${id} AND c.closed_at IS NULL AND ((c.customer_id IS NULL AND c.ext_session_id = ${extSessionId}) OR c.customer_id = ${customerId})`;

/** The lines and items of the open cart `where` picks (the most recently changed if several), in one query. */
function cartSummaryWhere(env: ProductApiEnv, where: SQL): Promise<CartSummary | undefined> {
  return firstRow<CartSummary>(
    env,
    sql`SELECT c.id, (SELECT COUNT(*) FROM cart_lines WHERE cart_id = c.id) AS lineCount,
      COALESCE((SELECT SUM(quantity) FROM cart_lines WHERE cart_id = c.id), 0) AS itemCount
    FROM carts c WHERE ${where} ORDER BY c.updated_at DESC LIMIT 1`,
  );
}

/** The summary of a cart, when it is this visitor's (ownCart). */
export const ownCartSummary = (
  env: ProductApiEnv,
  id: string,
  extSessionId: string,
  customerId: string | null = null,
) => cartSummaryWhere(env, ownedBy(id, extSessionId, customerId));

/** The summary of the customer's open cart on this site (the one customerCart picks), if any. */
export const customerCartSummary = (env: ProductApiEnv, site: string, customerId: string) =>
  cartSummaryWhere(env, sql`c.site = ${site} AND c.customer_id = ${customerId} AND c.closed_at IS NULL`);

/** The customer's open cart on this site, the most recently changed if there were ever several. */
export async function customerCart(env: ProductApiEnv, site: string, customerId: string, except = "") {
  return firstRow<CartRow>(
    env,
    sql`SELECT ${cartColumns} FROM carts c JOIN sites s ON s.slug = c.site
    WHERE c.site = ${site} AND c.customer_id = ${customerId} AND c.closed_at IS NULL AND c.id <> ${except}
    ORDER BY c.updated_at DESC LIMIT 1`,
  );
}

export async function createCart(env: ProductApiEnv, site: string, extSessionId: string, customerId: string | null) {
  const id = crypto.randomUUID();
  await rows(
    env,
    sql`INSERT INTO carts (id, site, ext_session_id, customer_id, created_at, updated_at)
    VALUES (${id}, ${site}, ${extSessionId}, ${customerId}, ${now()}, ${now()})`,
  );
  return id;
}

export async function touch(env: ProductApiEnv, id: string) {
  await rows(env, sql`UPDATE carts SET updated_at = ${now()} WHERE id = ${id}`);
}

/**
 * The cart's lines with their article in the locale (and a creator design's name and preview), in the order they were
 * added.
 */
export function cartLines(env: ProductApiEnv, cartId: string, locale: string) {
  return rows<LineRow>(
    env,
    sql`SELECT l.id, l.article_id AS articleId, l.options, l.quantity, l.design_id AS designId,
      t.name, a.slug, a.image, a.price, l.design_version AS designVersion, d.name AS designName, v.preview_upload AS designPreview, v.print_upload AS designPrint,
      a.kind, l.inner_pages AS innerPages, a.extra_page_price AS extraPagePrice
    FROM cart_lines l JOIN articles a ON a.id = l.article_id JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}
      LEFT JOIN designs d ON d.id = l.design_id AND l.design_version IS NOT NULL
      LEFT JOIN design_versions v ON v.design_id = l.design_id AND v.version = l.design_version
    WHERE l.cart_id = ${cartId} ORDER BY l.id`,
  );
}

/** Every option and quantity tier of the articles in a cart. */
export function cartPricing(env: ProductApiEnv, cartId: string): Promise<[OptionRow[], TierRow[]]> {
  const articles = sql`SELECT article_id FROM cart_lines WHERE cart_id = ${cartId}`;
  return Promise.all([
    rows<OptionRow>(
      env,
      sql`SELECT id, article_id AS articleId, group_code AS "group", code, price_delta AS priceDelta, is_default AS isDefault
      FROM article_options WHERE article_id IN (${articles})`,
    ),
    rows<TierRow>(
      env,
      sql`SELECT article_id AS articleId, min_quantity AS minQuantity, discount_percent AS discountPercent
      FROM article_tiers WHERE article_id IN (${articles})`,
    ),
  ]);
}

/** A cart's lines and its articles' options and tiers, read side by side: one D1 batch. */
export const cartContents = (env: ProductApiEnv, cartId: string, locale: string) =>
  Promise.all([cartLines(env, cartId, locale), cartPricing(env, cartId)]);
export type CartContents = Awaited<ReturnType<typeof cartContents>>;

/**
 * The visitor's open cart and what `read` reads of it, as one D1 batch (one transaction): `read` starts for the id
 * asked, beside the check that the cart is the visitor's, and what it read is dropped when the cart is not. `read`
 * must only read.
 */
export async function ownCartWith<T>(
  env: ProductApiEnv,
  id: string,
  extSessionId: string,
  customerId: string | null | undefined,
  read: (cartId: string) => Promise<T>,
) {
  const [cart, contents] = await Promise.all([ownCart(env, id, extSessionId, customerId), read(id)]);
  return cart ? { cart, contents } : null;
}

/** Whether two choices of an article's options pick the same size (a creator design is laid out for its size). */
export async function sameSize(env: ProductApiEnv, before: number[], after: number[]) {
  const all = [...new Set([...before, ...after])];
  if (!all.length) return true;
  const sizes = new Set(
    (
      await rows<{ id: number }>(
        env,
        sql`SELECT id FROM article_options WHERE group_code = 'size' AND id IN (${inList(all)})`,
      )
    ).map((option) => option.id),
  );
  const sizeOf = (ids: number[]) => ids.filter((id) => sizes.has(id)).join(",");
  return sizeOf(before) === sizeOf(after);
}

/** Options must belong to the article, at most one per group. */
export async function validOptions(env: ProductApiEnv, articleId: number, ids: number[]) {
  if (!ids.length) return true;
  const found = await rows<{ group: string }>(
    env,
    sql`SELECT group_code AS "group" FROM article_options WHERE article_id = ${articleId} AND id IN (${inList(ids)})`,
  );
  return found.length === ids.length && new Set(found.map((option) => option.group)).size === found.length;
}

export async function findOffer(env: ProductApiEnv, site: string, code: string) {
  const offer = await firstRow<{
    id: number;
    code: string;
    discountPercent: number;
    startsAt: string;
    endsAt: string;
    minOrder: number;
  }>(
    env,
    sql`
    SELECT id, code, discount_percent AS discountPercent, starts_at AS startsAt, ends_at AS endsAt, min_order AS minOrder
    FROM offers WHERE site = ${site} AND UPPER(code) = UPPER(${code})`,
  );
  if (!offer) return null;
  const articles = await rows<{ articleId: number }>(
    env,
    sql`SELECT article_id AS articleId FROM offer_articles WHERE offer_id = ${offer.id}`,
  );
  return { ...offer, articleIds: articles.map((row) => row.articleId) };
}

export type Offer = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** Why a code does not apply now, or null when it does. */
export function promotionProblem(offer: Offer, subtotal: number, articleIds: number[]) {
  if (offer.endsAt < today() || offer.startsAt > today()) return "EXPIRED" as const;
  if (subtotal < offer.minOrder) return "NOT_APPLICABLE" as const;
  if (offer.articleIds.length && !articleIds.some((id) => offer.articleIds.includes(id)))
    return "NOT_APPLICABLE" as const;
  return null;
}
