import { Hono } from "hono";
import { z } from "zod";
import { brandBySlug } from "@contract/brands/brands";
import { quote } from "@contract/pricing/quote";
import { shippingEstimate } from "@contract/shipping/options";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { VAT_RATES } from "@contract/pricing/vat";
import { API_ERROR_CODES } from "@contract/api/errors";
import { eq } from "drizzle-orm";
import { storeDb } from "../db/client";
import { cartLines, carts as cartTable } from "../db/schema";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, customerIdParam, visitorParams, zValidator, type ProductApi } from "../http";

const owner = visitorParams;
const viewer = owner.extend({ locale: z.string().min(2).max(5) });
const create = owner.extend({ site: z.string().min(1), locale: z.string().min(2).max(5) });
const merge = viewer.extend({ customer_id: customerIdParam, site: z.string().min(1), guest_cart_id: z.string().min(1).max(64).optional() });
const optionIdList = z.string().regex(/^(\d+(,\d+){0,9})?$/);
const optionIds = optionIdList.default("");
const addLine = viewer.extend({
  article_id: z.coerce.number().int().positive(),
  options: optionIds,
  quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY),
  design_id: z.string().max(100).optional(),
});
// Without options, a change keeps the line's options.
const changeLine = viewer.extend({ quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY), options: optionIdList.optional() });
const promotion = viewer.extend({ code: z.string().trim().min(1).max(40) });

type CartRow = { id: string; site: string; promotionCode: string | null; country: string; currency: string; customerId: string | null };
type LineRow = { id: number; articleId: number; options: string; quantity: number; designId: string | null; name: string; slug: string; image: string; price: number; kind: string };

const now = () => new Date().toISOString();
const today = () => now().slice(0, 10);
const sortedIds = (csv: string) => [...new Set(csv.split(",").filter(Boolean).map(Number))].sort((a, b) => a - b);

const cartColumns = sql`c.id, c.site, c.promotion_code AS promotionCode, c.customer_id AS customerId, s.country, s.currency`;

/**
 * The open cart when it belongs to this visitor: a guest's cart to the product-API session that made it, a customer's
 * cart (once it has a customer) to that customer only. Anyone else's cart, and a closed one (its order is paid), does
 * not exist for them.
 */
export async function ownCart(env: ProductApiEnv, id: string, extSessionId: string, customerId: string | null = null) {
  return firstRow<CartRow>(env, sql`SELECT ${cartColumns} FROM carts c JOIN sites s ON s.slug = c.site
    WHERE c.id = ${id} AND c.closed_at IS NULL
      AND ((c.customer_id IS NULL AND c.ext_session_id = ${extSessionId}) OR c.customer_id = ${customerId})`);
}

/** The customer's open cart on this site, the most recently changed if there were ever several. */
async function customerCart(env: ProductApiEnv, site: string, customerId: string, except = "") {
  return firstRow<CartRow>(env, sql`SELECT ${cartColumns} FROM carts c JOIN sites s ON s.slug = c.site
    WHERE c.site = ${site} AND c.customer_id = ${customerId} AND c.closed_at IS NULL AND c.id <> ${except}
    ORDER BY c.updated_at DESC LIMIT 1`);
}

async function findOffer(env: ProductApiEnv, site: string, code: string) {
  const offer = await firstRow<{ id: number; code: string; discountPercent: number; startsAt: string; endsAt: string; minOrder: number }>(env, sql`
    SELECT id, code, discount_percent AS discountPercent, starts_at AS startsAt, ends_at AS endsAt, min_order AS minOrder
    FROM offers WHERE site = ${site} AND UPPER(code) = UPPER(${code})`);
  if (!offer) return null;
  const articles = await rows<{ articleId: number }>(env, sql`SELECT article_id AS articleId FROM offer_articles WHERE offer_id = ${offer.id}`);
  return { ...offer, articleIds: articles.map((row) => row.articleId) };
}

type Offer = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** Why a code does not apply now, or null when it does. */
function promotionProblem(offer: Offer, subtotal: number, articleIds: number[]) {
  if (offer.endsAt < today() || offer.startsAt > today()) return "EXPIRED" as const;
  if (subtotal < offer.minOrder) return "NOT_APPLICABLE" as const;
  if (offer.articleIds.length && !articleIds.some((id) => offer.articleIds.includes(id))) return "NOT_APPLICABLE" as const;
  return null;
}

/** Lines priced with their options and quantity tiers, the promotion, shipping and VAT. */
export async function cartView(env: ProductApiEnv, cart: CartRow, locale: string) {
  const lines = await rows<LineRow>(env, sql`SELECT l.id, l.article_id AS articleId, l.options, l.quantity, l.design_id AS designId,
      t.name, a.slug, a.image, a.price, a.kind
    FROM cart_lines l JOIN articles a ON a.id = l.article_id JOIN article_texts t ON t.article_id = a.id AND t.locale = ${locale}
    WHERE l.cart_id = ${cart.id} ORDER BY l.id`);
  const articleIds = [...new Set(lines.map((line) => line.articleId))];
  const [options, tiers] = articleIds.length
    ? await Promise.all([
        rows<{ id: number; articleId: number; group: string; code: string; priceDelta: number; isDefault: number }>(env, sql`SELECT id, article_id AS articleId,
          group_code AS "group", code, price_delta AS priceDelta, is_default AS isDefault FROM article_options WHERE article_id IN (${inList(articleIds)})`),
        rows<{ articleId: number; minQuantity: number; discountPercent: number }>(env, sql`SELECT article_id AS articleId, min_quantity AS minQuantity,
          discount_percent AS discountPercent FROM article_tiers WHERE article_id IN (${inList(articleIds)})`),
      ])
    : [[], []];
  const priced = lines.map((line) => {
    const own = options.filter((option) => option.articleId === line.articleId).map((option) => ({ ...option, isDefault: !!option.isDefault, group: option.group as "size" }));
    const chosen = sortedIds(line.options);
    const price = quote(line.price, own, chosen, tiers.filter((tier) => tier.articleId === line.articleId), line.quantity);
    return {
      id: line.id,
      articleId: line.articleId,
      name: line.name,
      slug: line.slug,
      image: line.image,
      options: own.filter((option) => chosen.includes(option.id)).map(({ id, group, code }) => ({ id, group, code })),
      availableOptions: own.map(({ id, group, code, priceDelta }) => ({ id, group, code, priceDelta })),
      quantity: line.quantity,
      unitPrice: price.unit,
      discountPercent: price.discountPercent,
      total: price.total,
      designId: line.designId,
    };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  let promotion: { code: string; discountPercent: number; amount: number } | null = null;
  if (cart.promotionCode) {
    const offer = await findOffer(env, cart.site, cart.promotionCode);
    if (offer && !promotionProblem(offer, subtotal, articleIds)) {
      const eligible = priced.filter((line) => !offer.articleIds.length || offer.articleIds.includes(line.articleId)).reduce((sum, line) => sum + line.total, 0);
      promotion = { code: offer.code, discountPercent: offer.discountPercent, amount: Math.floor((eligible * offer.discountPercent) / 100) };
    }
  }
  const afterDiscount = subtotal - (promotion?.amount ?? 0);
  const brand = brandBySlug(cart.site);
  if (!brand) throw new Error(`No brand for site ${cart.site}`);
  const shipping = shippingEstimate(brand, afterDiscount, priced.length);
  const total = afterDiscount + shipping;
  const vatRate = VAT_RATES[cart.country] ?? 21;
  return {
    id: cart.id,
    currency: cart.currency,
    lines: priced,
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    promotion,
    shipping,
    vatRate,
    vat: Math.round((total * vatRate) / (100 + vatRate)),
    total,
  };
}

async function touch(env: ProductApiEnv, id: string) {
  await rows(env, sql`UPDATE carts SET updated_at = ${now()} WHERE id = ${id}`);
}

/** Options must belong to the article, at most one per group. */
async function validOptions(env: ProductApiEnv, articleId: number, ids: number[]) {
  if (!ids.length) return true;
  const found = await rows<{ group: string }>(env, sql`SELECT group_code AS "group" FROM article_options WHERE article_id = ${articleId} AND id IN (${inList(ids)})`);
  return found.length === ids.length && new Set(found.map((option) => option.group)).size === found.length;
}

const missingCart = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");

/**
 * Logging in: the guest cart's lines move into the customer's open cart (one line per article, options and design,
 * quantities added up to the maximum), its promotion code too when the customer's cart has none, and the guest cart
 * closes. A customer without an open cart takes the guest cart over. Runs as one batch: all or nothing.
 */
async function mergeCarts(env: ProductApiEnv, guest: CartRow, into: CartRow) {
  const [guestLines, ownLines] = await Promise.all([
    rows<{ articleId: number; options: string; quantity: number; designId: string | null }>(env, sql`SELECT article_id AS articleId, options, quantity,
      design_id AS designId FROM cart_lines WHERE cart_id = ${guest.id} ORDER BY id`),
    rows<{ id: number; articleId: number; options: string; quantity: number; designId: string | null }>(env, sql`SELECT id, article_id AS articleId,
      options, quantity, design_id AS designId FROM cart_lines WHERE cart_id = ${into.id}`),
  ]);
  const db = storeDb(env);
  const statements = guestLines.map((line) => {
    const same = ownLines.find((own) => own.articleId === line.articleId && own.options === line.options && (own.designId ?? "") === (line.designId ?? ""));
    if (same) {
      same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
      return db.update(cartLines).set({ quantity: same.quantity }).where(eq(cartLines.id, same.id));
    }
    return db.insert(cartLines).values({ cartId: into.id, ...line, createdAt: now() });
  });
  const promotionCode = into.promotionCode ?? guest.promotionCode;
  await db.batch([
    db.update(cartTable).set({ promotionCode, updatedAt: now() }).where(eq(cartTable.id, into.id)),
    db.update(cartTable).set({ closedAt: now(), updatedAt: now() }).where(eq(cartTable.id, guest.id)),
    ...statements,
  ]);
  return { ...into, promotionCode };
}

export const carts = new Hono<ProductApi>()
  .post("/", zValidator("form", create), async (c) => {
    const body = create.parse(await c.req.parseBody());
    const site = await firstRow(c.env, sql`SELECT slug FROM sites WHERE slug = ${body.site}`);
    if (!site) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${body.site}`);
    // A customer has one open cart per site: a second device picks up the first one's.
    const existing = body.customer_id ? await customerCart(c.env, body.site, body.customer_id) : undefined;
    if (existing) return c.json(await cartView(c.env, existing, body.locale));
    const id = crypto.randomUUID();
    await rows(c.env, sql`INSERT INTO carts (id, site, ext_session_id, customer_id, created_at, updated_at)
      VALUES (${id}, ${body.site}, ${body.ext_session_id}, ${body.customer_id ?? null}, ${now()}, ${now()})`);
    return c.json(await cartView(c.env, (await ownCart(c.env, id, body.ext_session_id, body.customer_id))!, body.locale), 201);
  })
  .post("/merge", zValidator("form", merge), async (c) => {
    const body = merge.parse(await c.req.parseBody());
    const guest = body.guest_cart_id ? await ownCart(c.env, body.guest_cart_id, body.ext_session_id, body.customer_id) : undefined;
    const usable = guest && guest.site === body.site ? guest : undefined;
    const theirs = await customerCart(c.env, body.site, body.customer_id, usable?.id);
    let cart: CartRow | undefined;
    if (!usable || usable.customerId === body.customer_id) cart = usable ?? theirs;
    else if (!theirs) {
      await rows(c.env, sql`UPDATE carts SET customer_id = ${body.customer_id}, updated_at = ${now()} WHERE id = ${usable.id}`);
      cart = { ...usable, customerId: body.customer_id };
    } else cart = await mergeCarts(c.env, usable, theirs);
    return c.json({ cart: cart ? await cartView(c.env, cart, body.locale) : null });
  })
  .get("/:id/summary", zValidator("query", owner), async (c) => {
    const query = owner.parse(c.req.query());
    const cart = await ownCart(c.env, c.req.param("id"), query.ext_session_id, query.customer_id);
    if (!cart) return missingCart(c);
    const counts = await firstRow<{ lineCount: number; itemCount: number | null }>(c.env, sql`SELECT COUNT(*) AS lineCount, SUM(quantity) AS itemCount
      FROM cart_lines WHERE cart_id = ${cart.id}`);
    return c.json({ id: cart.id, lineCount: counts?.lineCount ?? 0, itemCount: counts?.itemCount ?? 0 });
  })
  .get("/:id", zValidator("query", viewer), async (c) => {
    const query = viewer.parse(c.req.query());
    const cart = await ownCart(c.env, c.req.param("id"), query.ext_session_id, query.customer_id);
    if (!cart) return missingCart(c);
    return c.json(await cartView(c.env, cart, query.locale));
  })
  .post("/:id/lines", zValidator("form", addLine), async (c) => {
    const body = addLine.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const article = await firstRow(c.env, sql`SELECT id FROM articles WHERE id = ${body.article_id} AND site = ${cart.site}`);
    const ids = sortedIds(body.options);
    if (!article || !(await validOptions(c.env, body.article_id, ids))) return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Unknown article or options");
    const options = ids.join(",");
    // The same article with the same options and design is one line: its quantity grows.
    const same = await firstRow<{ id: number; quantity: number }>(c.env, sql`SELECT id, quantity FROM cart_lines WHERE cart_id = ${cart.id}
      AND article_id = ${body.article_id} AND options = ${options} AND COALESCE(design_id, '') = ${body.design_id ?? ""}`);
    if (same) await rows(c.env, sql`UPDATE cart_lines SET quantity = ${Math.min(MAX_LINE_QUANTITY, same.quantity + body.quantity)} WHERE id = ${same.id}`);
    else {
      await rows(c.env, sql`INSERT INTO cart_lines (cart_id, article_id, options, quantity, design_id, created_at)
        VALUES (${cart.id}, ${body.article_id}, ${options}, ${body.quantity}, ${body.design_id ?? null}, ${now()})`);
    }
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .post("/:id/lines/:line{[0-9]+}", zValidator("form", changeLine), async (c) => {
    const body = changeLine.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const line = await firstRow<{ articleId: number }>(c.env, sql`SELECT article_id AS articleId FROM cart_lines WHERE id = ${Number(c.req.param("line"))} AND cart_id = ${cart.id}`);
    if (!line) return apiError(c, 404, API_ERROR_CODES.notFound, "Line not found");
    const ids = body.options === undefined ? null : sortedIds(body.options);
    if (ids && !(await validOptions(c.env, line.articleId, ids))) return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Unknown options");
    await rows(c.env, sql`UPDATE cart_lines SET quantity = ${body.quantity} ${ids ? sql`, options = ${ids.join(",")}` : sql``}
      WHERE id = ${Number(c.req.param("line"))} AND cart_id = ${cart.id}`);
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .delete("/:id/lines/:line{[0-9]+}", zValidator("form", viewer), async (c) => {
    const body = viewer.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    await rows(c.env, sql`DELETE FROM cart_lines WHERE id = ${Number(c.req.param("line"))} AND cart_id = ${cart.id}`);
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .post("/:id/promotion", zValidator("form", promotion), async (c) => {
    const body = promotion.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const offer = await findOffer(c.env, cart.site, body.code);
    if (!offer) return c.json({ state: "UNKNOWN", cart: await cartView(c.env, cart, body.locale) });
    const view = await cartView(c.env, cart, body.locale);
    const problem = promotionProblem(offer, view.subtotal, view.lines.map((line) => line.articleId));
    if (problem) return c.json({ state: problem, cart: view });
    await rows(c.env, sql`UPDATE carts SET promotion_code = ${offer.code}, updated_at = ${now()} WHERE id = ${cart.id}`);
    return c.json({ state: "APPLIED", cart: await cartView(c.env, { ...cart, promotionCode: offer.code }, body.locale) });
  })
  .delete("/:id/promotion", zValidator("form", viewer), async (c) => {
    const body = viewer.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    await rows(c.env, sql`UPDATE carts SET promotion_code = NULL, updated_at = ${now()} WHERE id = ${cart.id}`);
    return c.json(await cartView(c.env, { ...cart, promotionCode: null }, body.locale));
  });
