import type { Account } from "@contract/api/accounts";
import type { Brand } from "@contract/brands/brands";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { totalsOf } from "@contract/pricing/totals";
import { shippingOptions } from "@contract/shipping/options";
import { rows, sql } from "../db/query";
import { orderConfirmationEmail } from "../orders/email";
import { markPaidStatements } from "../orders/mark-paid";
import { newOrderPublicId } from "../orders/place";
import { orderRowBy } from "../orders/queries";
import { orderView } from "../orders/view";

/**
 * The demo's past orders (operator/demo-accounts.ts, demo-marketing.ts): placed as checkout places them and paid
 * through the payment path, which issues their invoices, on the days they are dated.
 */

const DAY = 86_400_000;

export type Placed = {
  account: Pick<Account, "id" | "email" | "firstName" | "lastName"> | null;
  email: string;
  daysAgo: number;
  paid: boolean;
  statusCode: number;
  articles: number[];
  /** The affiliate whose link brought the buyer (the order's attribution, as checkout records it). */
  affiliateId?: number;
  /** What the demo does once the order is in (its commission's state, its attribution). */
  afterPlaced?: (order: { id: number; publicId: string }) => Promise<void>;
};

/**
 * An order as checkout leaves it (lines at today's prices, home delivery, totals by the one totals function), paid
 * through the payment path.
 */
async function demoOrder(env: ProductApiEnv, brand: Brand, placed: Placed) {
  const db = env.STORE_DB;
  const createdAt = new Date(Date.now() - placed.daysAgo * DAY);
  const articles = await rows<{
    id: number;
    slug: string;
    price: number;
    image: string;
    name: string;
    namePlural: string;
  }>(
    env,
    sql`SELECT a.id, a.slug, a.price, a.image,
      t.name, t.name_plural AS namePlural FROM articles a JOIN article_texts t ON t.article_id = a.id AND t.locale = ${brand.defaultLocale}
    WHERE a.site = ${brand.slug} ORDER BY a.id LIMIT 6`,
  );
  const lines = placed.articles.map((index, position) => ({
    article: articles[index % articles.length]!,
    quantity: position === 0 ? 2 : 1,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.article.price * line.quantity, 0);
  const delivery = shippingOptions(brand, subtotal, createdAt).find((option) => option.deliveryType === "ADDRESS")!;
  const totals = totalsOf({ subtotal, promotion: null, shipping: delivery.price, country: brand.country });
  const seat = BRAND_SELLERS[brand.slug];
  const person = placed.account ?? { firstName: "Alex", lastName: "Demo" };
  const contact = {
    email: placed.email,
    customerType: "PERSON",
    firstName: person.firstName,
    lastName: person.lastName,
    phone: "600 000 000",
  };
  const address = { street: seat.street, postcode: seat.postcode, city: seat.city, country: brand.country };
  const shipment = {
    deliveryType: "ADDRESS",
    carrier: delivery.carrier,
    pickupPointId: null,
    earliest: delivery.earliest,
    latest: delivery.latest,
    pickupPoint: null,
  };
  const publicId = newOrderPublicId(brand.country);
  const cartId = crypto.randomUUID();
  const at = createdAt.toISOString();
  const method = placed.paid ? "CARD" : "BANK_TRANSFER";
  await db.batch([
    db
      .prepare(
        "INSERT INTO carts (id, site, ext_session_id, customer_id, created_at, updated_at, closed_at) VALUES (?, ?, 'demo', ?, ?, ?, ?)",
      )
      .bind(cartId, brand.slug, placed.account?.id ?? null, at, at, placed.paid ? at : null),
    db
      .prepare(`INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, customer_id, locale, email, contact, address, shipment,
        payment_method, payment_type, payment_status, status_code, currency, subtotal, discount, shipping, vat_rate, vat, total, created_at)
      VALUES (?, ?, ?, ?, 'demo', ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, 0, ?, ?, ?, ?, ?)`)
      .bind(
        publicId,
        `demo:${publicId}`,
        brand.slug,
        cartId,
        placed.account?.id ?? null,
        brand.defaultLocale,
        placed.email,
        JSON.stringify(contact),
        JSON.stringify(address),
        JSON.stringify(shipment),
        method,
        placed.paid ? "ONLINE_PREPAID" : "TRANSFER",
        brand.currency,
        totals.subtotal,
        totals.shipping,
        totals.vatRate,
        totals.vat,
        totals.total,
        at,
      ),
    ...lines.map(({ article, quantity }) =>
      db
        .prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id)
        SELECT id, ?, ?, ?, ?, ?, '[]', ?, ?, ?, NULL FROM orders WHERE public_id = ?`)
        .bind(
          article.id,
          article.name,
          article.namePlural,
          article.slug,
          article.image,
          quantity,
          article.price,
          article.price * quantity,
          publicId,
        ),
    ),
    db
      .prepare(
        "INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 0, ? FROM orders WHERE public_id = ?",
      )
      .bind(at, publicId),
    ...(placed.affiliateId
      ? [
          db
            .prepare(`INSERT INTO order_attribution (order_id, affiliate_id, channel, source, medium, campaign, landing_page, touched_at, utm, first_channel,
            first_source, first_medium, first_campaign, first_landing_page, first_touched_at, consent_ads, consent_analytics)
          SELECT id, ?, 'affiliate', 'partner', 'affiliate', 'demo', '/', ?, '{"utm_source":"partner","utm_medium":"affiliate","utm_campaign":"demo"}',
            'affiliate', 'partner', 'affiliate', 'demo', '/', ?, 1, 1 FROM orders WHERE public_id = ?`)
            .bind(placed.affiliateId, at, at, publicId),
        ]
      : []),
  ]);
  const row = (await orderRowBy(env, sql`public_id = ${publicId}`))!;
  if (placed.paid) {
    const paidAt = new Date(createdAt.getTime() + 600_000).toISOString();
    const email = orderConfirmationEmail(
      { ...(await orderView(env, row)), paymentStatus: "PAID", paidAt },
      brand,
      "http://localhost:8787",
    );
    await db.batch(await markPaidStatements(env, row, paidAt, email));
    // The factory's progress since: each status on its own day.
    const path = [1, 13, 8, 9, 15].slice(0, [1, 13, 8, 9, 15].indexOf(placed.statusCode) + 1);
    await db.batch([
      db
        .prepare("UPDATE orders SET status_code = ?, shipment_status = ? WHERE id = ?")
        .bind(
          placed.statusCode,
          placed.statusCode === 15 ? "DELIVERED" : placed.statusCode === 9 ? "ON_ROUTE" : null,
          row.id,
        ),
      ...path.map((code, index) =>
        db
          .prepare("INSERT INTO order_events (order_id, status_code, created_at) VALUES (?, ?, ?)")
          .bind(row.id, code, new Date(createdAt.getTime() + (index + 1) * DAY).toISOString()),
      ),
    ]);
  }
  return { publicId, id: row.id };
}

/**
 * Places and pays the demo's orders oldest first, as they would have happened: a paid order's invoice is issued when
 * it is paid, so a brand's invoice numbers of a year follow their issue dates (docs/decisions/0034). Each order's
 * `afterPlaced` runs before the next one is placed.
 */
export async function placeOldestFirst(env: ProductApiEnv, brand: Brand, orders: Placed[]) {
  const placed = new Map<Placed, { id: number; publicId: string }>();
  for (const order of [...orders].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const made = await demoOrder(env, brand, order);
    await order.afterPlaced?.(made);
    placed.set(order, made);
  }
  return placed;
}
