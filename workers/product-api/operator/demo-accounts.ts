import { Hono } from "hono";
import { z } from "zod";
import type { Account } from "@contract/api/accounts";
import { BRANDS, type Brand } from "@contract/brands/brands";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { isValidTaxId } from "@contract/rules/tax-id";
import { totalsOf } from "@contract/pricing/totals";
import { shippingOptions } from "@contract/shipping/options";
import { hashPassword } from "../accounts/passwords";
import { accountByEmail, insertAccount } from "../accounts/queries";
import { rows, sql } from "../db/query";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { orderConfirmationEmail } from "../orders/email";
import { markPaidStatements } from "../orders/mark-paid";
import { newOrderPublicId } from "../orders/place";
import { orderRowBy } from "../orders/queries";
import { orderView } from "../orders/view";
import { ticketCreatedEmail, ticketReplyEmail } from "../tickets/emails";
import { addAgentMessage, insertTicket, ticketWhere } from "../tickets/queries";
import { DEMO_TEXTS, type DemoTicket } from "./demo-texts";

/**
 * Demo accounts for local use (`npm start`, the browser journeys, the benchmark), made through the code the shop runs:
 * per brand a customer, a master (a company) with two staff members of different permissions, their orders (paid ones
 * invoiced, a staff member's earning its master a commission), an affiliate of the master (10 %) whose link brought two
 * paid orders, tickets with support's answer, saved designs, and the shop's marketer. The password is the same for all
 * and is for local use only (README). Idempotent: a brand that has them is skipped.
 */
export const DEMO_PASSWORD = "Demo-store-2026";

type Role = "customer" | "master" | "staffOrders" | "staffTickets" | "marketing";
const ROLE_EMAIL: Record<Role, string> = { customer: "customer", master: "master", staffOrders: "staff.orders", staffTickets: "staff.tickets", marketing: "marketing" };
export const demoEmail = (role: Role, brand: Pick<Brand, "slug">) => `${ROLE_EMAIL[role]}.${brand.slug.toLowerCase()}@example.com`;

const DAY = 86_400_000;

/** A valid company tax id of the country, near the brand's own: one digit changed, the check character found again. */
function companyTaxId(brand: Brand): string | null {
  const own = BRAND_SELLERS[brand.slug].taxId.slice(brand.country.length);
  const base = brand.country === "FR" ? own.slice(2) : own;
  const changed = `${base.slice(0, 2)}${(Number(base[2]) + 3) % 10}${base.slice(3, -1)}`;
  for (const last of "0123456789ABCDEFGHIJ") if (isValidTaxId(brand.country, `${changed}${last}`)) return `${changed}${last}`;
  return null;
}

async function demoAccount(env: ProductApiEnv, brand: Brand, role: Role, person: { firstName: string; lastName: string }, company: { name: string; taxId: string | null } | null) {
  const id = await insertAccount(env, {
    site: brand.slug, locale: brand.defaultLocale, email: demoEmail(role, brand), password: await hashPassword(DEMO_PASSWORD),
    firstName: person.firstName, lastName: person.lastName, customerType: company ? "COMPANY" : "PERSON",
    companyName: company?.name ?? null, taxId: company?.taxId ?? null,
  });
  return id!;
}

export type Placed = {
  account: Pick<Account, "id" | "email" | "firstName" | "lastName"> | null; email: string; daysAgo: number; paid: boolean; statusCode: number; articles: number[];
  /** The affiliate whose link brought the buyer (the order's attribution, as checkout records it). */
  affiliateId?: number;
};

/** How many days ago the demo affiliate's link brought each of its two paid orders. */
export const DEMO_REFERRED_DAYS = [8, 38];

/** One affiliate per brand, its commission for the brand's demo master: the `afcust` of the README's sample links. */
export const DEMO_AFFILIATE_IDS: Record<Brand["slug"], number> = {
  "WPX-PL": 4101, "WPX-ES": 4102, "WPX-IT": 4103, "WPX-DK": 4104, "WPX-FR": 4105, "TZ-ES": 4106, "WPX-PT": 4107, "WPX-CZ": 4108,
};

/** An order as checkout leaves it (lines at today's prices, home delivery, totals by the one totals function), paid through the payment path. */
export async function demoOrder(env: ProductApiEnv, brand: Brand, placed: Placed) {
  const db = env.STORE_DB;
  const createdAt = new Date(Date.now() - placed.daysAgo * DAY);
  const articles = await rows<{ id: number; slug: string; price: number; image: string; name: string; namePlural: string }>(env, sql`SELECT a.id, a.slug, a.price, a.image,
      t.name, t.name_plural AS namePlural FROM articles a JOIN article_texts t ON t.article_id = a.id AND t.locale = ${brand.defaultLocale}
    WHERE a.site = ${brand.slug} ORDER BY a.id LIMIT 6`);
  const lines = placed.articles.map((index, position) => ({ article: articles[index % articles.length]!, quantity: position === 0 ? 2 : 1 }));
  const subtotal = lines.reduce((sum, line) => sum + line.article.price * line.quantity, 0);
  const delivery = shippingOptions(brand, subtotal, createdAt).find((option) => option.deliveryType === "ADDRESS")!;
  const totals = totalsOf({ subtotal, promotion: null, shipping: delivery.price, country: brand.country });
  const seat = BRAND_SELLERS[brand.slug];
  const person = placed.account ?? { firstName: "Alex", lastName: "Demo" };
  const contact = { email: placed.email, customerType: "PERSON", firstName: person.firstName, lastName: person.lastName, phone: "600 000 000" };
  const address = { street: seat.street, postcode: seat.postcode, city: seat.city, country: brand.country };
  const shipment = { deliveryType: "ADDRESS", carrier: delivery.carrier, pickupPointId: null, earliest: delivery.earliest, latest: delivery.latest, pickupPoint: null };
  const publicId = newOrderPublicId(brand.country);
  const cartId = crypto.randomUUID();
  const at = createdAt.toISOString();
  const method = placed.paid ? "CARD" : "BANK_TRANSFER";
  await db.batch([
    db.prepare("INSERT INTO carts (id, site, ext_session_id, customer_id, created_at, updated_at, closed_at) VALUES (?, ?, 'demo', ?, ?, ?, ?)")
      .bind(cartId, brand.slug, placed.account?.id ?? null, at, at, placed.paid ? at : null),
    db.prepare(`INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, customer_id, locale, email, contact, address, shipment,
        payment_method, payment_type, payment_status, status_code, currency, subtotal, discount, shipping, vat_rate, vat, total, created_at)
      VALUES (?, ?, ?, ?, 'demo', ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, 0, ?, ?, ?, ?, ?)`).bind(
      publicId, `demo:${publicId}`, brand.slug, cartId, placed.account?.id ?? null, brand.defaultLocale, placed.email, JSON.stringify(contact),
      JSON.stringify(address), JSON.stringify(shipment), method, placed.paid ? "ONLINE_PREPAID" : "TRANSFER", brand.currency, totals.subtotal,
      totals.shipping, totals.vatRate, totals.vat, totals.total, at,
    ),
    ...lines.map(({ article, quantity }) =>
      db.prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id)
        SELECT id, ?, ?, ?, ?, ?, '[]', ?, ?, ?, NULL FROM orders WHERE public_id = ?`)
        .bind(article.id, article.name, article.namePlural, article.slug, article.image, quantity, article.price, article.price * quantity, publicId)),
    db.prepare("INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 0, ? FROM orders WHERE public_id = ?").bind(at, publicId),
    ...(placed.affiliateId
      ? [db.prepare(`INSERT INTO order_attribution (order_id, affiliate_id, channel, source, medium, campaign, landing_page, touched_at, utm, first_channel,
            first_source, first_medium, first_campaign, first_landing_page, first_touched_at, consent_ads, consent_analytics)
          SELECT id, ?, 'affiliate', 'partner', 'affiliate', 'demo', '/', ?, '{"utm_source":"partner","utm_medium":"affiliate","utm_campaign":"demo"}',
            'affiliate', 'partner', 'affiliate', 'demo', '/', ?, 1, 1 FROM orders WHERE public_id = ?`).bind(placed.affiliateId, at, at, publicId)]
      : []),
  ]);
  const row = (await orderRowBy(env, sql`public_id = ${publicId}`))!;
  if (placed.paid) {
    const paidAt = new Date(createdAt.getTime() + 600_000).toISOString();
    const email = orderConfirmationEmail({ ...(await orderView(env, row)), paymentStatus: "PAID", paidAt }, brand, "http://localhost:8787");
    await db.batch(await markPaidStatements(env, row, paidAt, email));
    // The factory's progress since: each status on its own day.
    const path = [1, 13, 8, 9, 15].slice(0, [1, 13, 8, 9, 15].indexOf(placed.statusCode) + 1);
    await db.batch([
      db.prepare("UPDATE orders SET status_code = ?, shipment_status = ? WHERE id = ?").bind(placed.statusCode, placed.statusCode === 15 ? "DELIVERED" : placed.statusCode === 9 ? "ON_ROUTE" : null, row.id),
      ...path.map((code, index) => db.prepare("INSERT INTO order_events (order_id, status_code, created_at) VALUES (?, ?, ?)").bind(row.id, code, new Date(createdAt.getTime() + (index + 1) * DAY).toISOString())),
    ]);
  }
  return { publicId, id: row.id };
}

async function demoTicket(env: ProductApiEnv, brand: Brand, account: { id: string; email: string; name: string }, texts: DemoTicket, orderPublicId: string | null, answered: boolean) {
  const siteUrl = "http://localhost:8787";
  const facts = { site: brand.slug, accountId: account.id, name: account.name, email: account.email, locale: brand.defaultLocale, orderPublicId, subject: texts.subject, message: texts.question };
  const publicId = await insertTicket(env, facts, (id) => ticketCreatedEmail({ ...facts, publicId: id }, texts.question, brand, siteUrl));
  if (answered && texts.answer) {
    const ticket = (await ticketWhere(env, sql`t.public_id = ${publicId}`))!;
    await addAgentMessage(env, ticket, texts.answer, ticketReplyEmail({ ...facts, publicId }, texts.answer, brand, siteUrl));
  }
}

/** A design the account saved (its picture is one of the shop's designs of that product). */
async function demoDesign(env: ProductApiEnv, brand: Brand, accountId: string, name: string, scope: string, daysAgo: number) {
  const shop = await rows<{ articleId: number; image: string; theme: string }>(env, sql`SELECT article_id AS articleId, image, theme FROM designs
    WHERE site = ${brand.slug} AND account_id IS NULL ORDER BY popularity DESC LIMIT 1`);
  if (!shop[0]) return;
  const id = `demo-${crypto.randomUUID().slice(0, 8)}`;
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  await env.STORE_DB.batch([
    env.STORE_DB.prepare("INSERT INTO designs (id, site, article_id, theme, scope, popularity, created_at, updated_at, image, account_id) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)")
      .bind(id, brand.slug, shop[0].articleId, shop[0].theme, scope, at, at, shop[0].image, accountId),
    ...[...new Set([brand.defaultLocale, "en"])].map((locale) =>
      env.STORE_DB.prepare("INSERT INTO design_texts (design_id, locale, slug, name) VALUES (?, ?, ?, ?)").bind(id, locale, id, name)),
  ]);
}

async function seedBrand(env: ProductApiEnv, brand: Brand) {
  const texts = DEMO_TEXTS[brand.defaultLocale]!;
  const [customerName, masterName, ordersName, ticketsName] = texts.people;
  const customerId = await demoAccount(env, brand, "customer", customerName!, null);
  const company = { name: texts.company, taxId: companyTaxId(brand) };
  const masterId = await demoAccount(env, brand, "master", masterName!, company);
  const staffOrdersId = await demoAccount(env, brand, "staffOrders", ordersName!, null);
  const staffTicketsId = await demoAccount(env, brand, "staffTickets", ticketsName!, null);
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  await db.batch([
    db.prepare("UPDATE accounts SET kind = 'master' WHERE id = ?").bind(masterId),
    db.prepare(`UPDATE accounts SET kind = 'master', master_id = ?, permissions = '["orders","invoices"]' WHERE id = ?`).bind(masterId, staffOrdersId),
    db.prepare(`UPDATE accounts SET kind = 'master', master_id = ?, permissions = '["tickets"]' WHERE id = ?`).bind(masterId, staffTicketsId),
    db.prepare(`INSERT INTO master_configs (account_id, company_name, tax_id, phone, address, staff_permissions, staff_can_make_orders, commission_rate, updated_at)
      VALUES (?, ?, ?, '600 000 000', ?, '["orders"]', 1, 7.5, ?)`)
      .bind(masterId, company.name, company.taxId, JSON.stringify({ street: BRAND_SELLERS[brand.slug].street, postcode: BRAND_SELLERS[brand.slug].postcode, city: BRAND_SELLERS[brand.slug].city, country: brand.country }), now),
    db.prepare("INSERT INTO affiliates (id, site, name, master_id, commission_rate, status, created_at) VALUES (?, ?, ?, ?, 10, 'ACTIVE', ?) ON CONFLICT (id) DO NOTHING")
      .bind(DEMO_AFFILIATE_IDS[brand.slug], brand.slug, company.name, masterId, now),
  ]);
  const person = (id: string, role: Role, name: { firstName: string; lastName: string }) => ({ id, email: demoEmail(role, brand), ...name });
  const customer = person(customerId, "customer", customerName!);
  const staffOrders = person(staffOrdersId, "staffOrders", ordersName!);
  // The customer's orders over a year and a half (each date filter finds some), one waiting for its bank transfer.
  const latest = await demoOrder(env, brand, { account: customer, email: customer.email, daysAgo: 4, paid: true, statusCode: 9, articles: [0, 1] });
  await demoOrder(env, brand, { account: customer, email: customer.email, daysAgo: 1, paid: false, statusCode: 0, articles: [2] });
  await demoOrder(env, brand, { account: customer, email: customer.email, daysAgo: 45, paid: true, statusCode: 15, articles: [3, 0] });
  await demoOrder(env, brand, { account: customer, email: customer.email, daysAgo: 400, paid: true, statusCode: 15, articles: [1] });
  // The company's: its staff member's (a commission for the master), and the master's own.
  await demoOrder(env, brand, { account: staffOrders, email: staffOrders.email, daysAgo: 12, paid: true, statusCode: 15, articles: [0, 2] });
  await demoOrder(env, brand, { account: staffOrders, email: staffOrders.email, daysAgo: 70, paid: true, statusCode: 15, articles: [4] });
  await demoOrder(env, brand, { account: person(masterId, "master", masterName!), email: demoEmail("master", brand), daysAgo: 20, paid: true, statusCode: 13, articles: [5] });
  // Two orders of shoppers the company's affiliate link brought: their attribution earns it an AFFILIATE commission when paid.
  for (const daysAgo of DEMO_REFERRED_DAYS) {
    const referred = await demoOrder(env, brand, {
      account: null, email: `referred.${daysAgo}.${brand.slug.toLowerCase()}@example.com`, daysAgo, paid: true, statusCode: 15, articles: [daysAgo % 5],
      affiliateId: DEMO_AFFILIATE_IDS[brand.slug],
    });
    await rows(env, sql`UPDATE commissions SET status = ${daysAgo > 30 ? "PAID" : "APPROVED"} WHERE order_id = ${referred.id}`);
  }
  await demoTicket(env, brand, { id: customerId, email: customer.email, name: `${customer.firstName} ${customer.lastName}` }, texts.tickets[0]!, latest.publicId, true);
  await demoTicket(env, brand, { id: customerId, email: customer.email, name: `${customer.firstName} ${customer.lastName}` }, texts.tickets[1]!, null, false);
  await demoTicket(env, brand, { id: staffTicketsId, email: demoEmail("staffTickets", brand), name: `${ticketsName!.firstName} ${ticketsName!.lastName}` }, texts.tickets[2]!, null, true);
  await demoDesign(env, brand, customerId, texts.designs[0]!, "PRIVATE", 3);
  await demoDesign(env, brand, customerId, texts.designs[1]!, "PRIVATE", 30);
  await demoDesign(env, brand, masterId, texts.designs[2]!, "GROUP_APPLICATIONS", 9);
  await demoDesign(env, brand, staffOrdersId, texts.designs[3]!, "APPLICATION", 16);
}

/**
 * The shop's marketer of the brand (the "marketing" role reads the marketing dashboard, docs/decisions/0027): made on
 * its own, so a local database seeded before the role existed gets one too.
 */
async function demoMarketer(env: ProductApiEnv, brand: Brand): Promise<boolean> {
  if (await accountByEmail(env, brand.slug, demoEmail("marketing", brand))) return false;
  const id = await demoAccount(env, brand, "marketing", { firstName: "Marketing", lastName: brand.name }, null);
  await rows(env, sql`UPDATE accounts SET roles = '["marketing"]' WHERE id = ${id}`);
  return true;
}

export const demoAccounts = new Hono<ProductApi>().post("/", validate("form", z.object({})), async (c) => {
  const seeded: string[] = [];
  const marketers: string[] = [];
  for (const brand of BRANDS) {
    if (await demoMarketer(c.env, brand)) marketers.push(demoEmail("marketing", brand));
    if (await accountByEmail(c.env, brand.slug, demoEmail("customer", brand))) continue;
    await seedBrand(c.env, brand);
    seeded.push(brand.slug);
  }
  return c.json({ seeded, marketers, password: DEMO_PASSWORD });
});
