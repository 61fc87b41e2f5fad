import { Hono } from "hono";
import { z } from "zod";
import { BRANDS, type Brand } from "@contract/brands/brands";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { isValidTaxId } from "@contract/rules/tax-id";
import { hashPassword } from "../accounts/passwords";
import { accountByEmail, insertAccount } from "../accounts/queries";
import { rows, sql } from "../db/query";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { ticketCreatedEmail, ticketReplyEmail } from "../tickets/emails";
import { addAgentMessage, insertTicket, ticketWhere } from "../tickets/queries";
import { marketingSales } from "./demo-marketing";
import { DEMO_DESIGN_ART, demoDesign } from "./demo-designs";
import { placeOldestFirst, type Placed } from "./demo-orders";
import { DEMO_TEXTS, demoEmail, type DemoRole, type DemoTicket } from "./demo-texts";

/**
 * Demo accounts for local use (`npm start`, the browser journeys, the benchmark), made through the code the shop runs:
 * per brand a customer, a master (a company) with two staff members of different permissions, their orders (paid ones
 * invoiced, a staff member's earning its master a commission), an affiliate of the master (10 %) whose link brought two
 * paid orders, tickets with support's answer, saved designs, and the shop's marketer, with the orders the marketing
 * dashboard shows (demo-marketing.ts): the brand's whole past placed oldest first, so its invoices are numbered in the
 * order of their dates. The password is the same for all and is for local use only (README). Idempotent: a brand that
 * has them is skipped.
 */
export const DEMO_PASSWORD = "Demo-store-2026";

/** A valid company tax id of the country, near the brand's own: one digit changed, the check character found again. */
function companyTaxId(brand: Brand): string | null {
  const own = BRAND_SELLERS[brand.slug].taxId.slice(brand.country.length);
  const base = brand.country === "FR" ? own.slice(2) : own;
  const changed = `${base.slice(0, 2)}${(Number(base[2]) + 3) % 10}${base.slice(3, -1)}`;
  for (const last of "0123456789ABCDEFGHIJ")
    if (isValidTaxId(brand.country, `${changed}${last}`)) return `${changed}${last}`;
  return null;
}

async function demoAccount(
  env: ProductApiEnv,
  brand: Brand,
  role: DemoRole,
  person: { firstName: string; lastName: string },
  company: { name: string; taxId: string | null } | null,
) {
  const id = await insertAccount(env, {
    site: brand.slug,
    locale: brand.defaultLocale,
    email: demoEmail(role, brand),
    password: await hashPassword(DEMO_PASSWORD),
    firstName: person.firstName,
    lastName: person.lastName,
    customerType: company ? "COMPANY" : "PERSON",
    companyName: company?.name ?? null,
    taxId: company?.taxId ?? null,
  });
  return id!;
}

/** How many days ago the demo affiliate's link brought each of its two paid orders. */
export const DEMO_REFERRED_DAYS = [8, 38];

/** One affiliate per brand, its commission for the brand's demo master: the `afcust` of the README's sample links. */
export const DEMO_AFFILIATE_IDS: Record<Brand["slug"], number> = {
  "WPX-PL": 4101,
  "WPX-ES": 4102,
  "WPX-IT": 4103,
  "WPX-DK": 4104,
  "WPX-FR": 4105,
  "TZ-ES": 4106,
  "WPX-PT": 4107,
  "WPX-CZ": 4108,
};

async function demoTicket(
  env: ProductApiEnv,
  brand: Brand,
  account: { id: string; email: string; name: string },
  texts: DemoTicket,
  orderPublicId: string | null,
  answered: boolean,
) {
  const siteUrl = "http://localhost:8787";
  const facts = {
    site: brand.slug,
    accountId: account.id,
    name: account.name,
    email: account.email,
    locale: brand.defaultLocale,
    orderPublicId,
    subject: texts.subject,
    message: texts.question,
  };
  const publicId = await insertTicket(env, facts, (id) =>
    ticketCreatedEmail({ ...facts, publicId: id }, texts.question, brand, siteUrl),
  );
  if (answered && texts.answer) {
    const ticket = (await ticketWhere(env, sql`t.public_id = ${publicId}`))!;
    await addAgentMessage(
      env,
      ticket,
      texts.answer,
      ticketReplyEmail({ ...facts, publicId }, texts.answer, brand, siteUrl),
    );
  }
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
    db
      .prepare(`UPDATE accounts SET kind = 'master', master_id = ?, permissions = '["orders","invoices"]' WHERE id = ?`)
      .bind(masterId, staffOrdersId),
    db
      .prepare(`UPDATE accounts SET kind = 'master', master_id = ?, permissions = '["tickets"]' WHERE id = ?`)
      .bind(masterId, staffTicketsId),
    db
      .prepare(`INSERT INTO master_configs (account_id, company_name, tax_id, phone, address, staff_permissions, staff_can_make_orders, commission_rate, updated_at)
      VALUES (?, ?, ?, '600 000 000', ?, '["orders"]', 1, 7.5, ?)`)
      .bind(
        masterId,
        company.name,
        company.taxId,
        JSON.stringify({
          street: BRAND_SELLERS[brand.slug].street,
          postcode: BRAND_SELLERS[brand.slug].postcode,
          city: BRAND_SELLERS[brand.slug].city,
          country: brand.country,
        }),
        now,
      ),
    db
      .prepare(
        "INSERT INTO affiliates (id, site, name, master_id, commission_rate, status, created_at) VALUES (?, ?, ?, ?, 10, 'ACTIVE', ?) ON CONFLICT (id) DO NOTHING",
      )
      .bind(DEMO_AFFILIATE_IDS[brand.slug], brand.slug, company.name, masterId, now),
  ]);
  const person = (id: string, role: DemoRole, name: { firstName: string; lastName: string }) => ({
    id,
    email: demoEmail(role, brand),
    ...name,
  });
  const customer = person(customerId, "customer", customerName!);
  const staffOrders = person(staffOrdersId, "staffOrders", ordersName!);
  // The customer's orders over a year and a half (each date filter finds some), one waiting for its bank transfer.
  const latest: Placed = {
    account: customer,
    email: customer.email,
    daysAgo: 4,
    paid: true,
    statusCode: 9,
    articles: [0, 1],
  };
  const history: Placed[] = [
    latest,
    { account: customer, email: customer.email, daysAgo: 1, paid: false, statusCode: 0, articles: [2] },
    { account: customer, email: customer.email, daysAgo: 45, paid: true, statusCode: 15, articles: [3, 0] },
    { account: customer, email: customer.email, daysAgo: 400, paid: true, statusCode: 15, articles: [1] },
    // The company's: its staff member's (a commission for the master), and the master's own.
    { account: staffOrders, email: staffOrders.email, daysAgo: 12, paid: true, statusCode: 15, articles: [0, 2] },
    { account: staffOrders, email: staffOrders.email, daysAgo: 70, paid: true, statusCode: 15, articles: [4] },
    {
      account: person(masterId, "master", masterName!),
      email: demoEmail("master", brand),
      daysAgo: 20,
      paid: true,
      statusCode: 13,
      articles: [5],
    },
    // Two orders of shoppers the company's affiliate link brought: their attribution earns it an AFFILIATE commission
    // when paid.
    ...DEMO_REFERRED_DAYS.map(
      (daysAgo): Placed => ({
        account: null,
        email: `referred.${daysAgo}.${brand.slug.toLowerCase()}@example.com`,
        daysAgo,
        paid: true,
        statusCode: 15,
        articles: [daysAgo % 5],
        affiliateId: DEMO_AFFILIATE_IDS[brand.slug],
        afterPlaced: async (referred) => {
          await rows(
            env,
            sql`UPDATE commissions SET status = ${daysAgo > 30 ? "PAID" : "APPROVED"} WHERE order_id = ${referred.id}`,
          );
        },
      }),
    ),
    // What the marketing dashboard shows: the same past, so every invoice of the brand is issued in date order.
    ...(await marketingSales(env, brand, masterId)),
  ];
  const placed = await placeOldestFirst(env, brand, history);
  const latestPublicId = placed.get(latest)!.publicId;
  await demoTicket(
    env,
    brand,
    { id: customerId, email: customer.email, name: `${customer.firstName} ${customer.lastName}` },
    texts.tickets[0]!,
    latestPublicId,
    true,
  );
  await demoTicket(
    env,
    brand,
    { id: customerId, email: customer.email, name: `${customer.firstName} ${customer.lastName}` },
    texts.tickets[1]!,
    null,
    false,
  );
  await demoTicket(
    env,
    brand,
    {
      id: staffTicketsId,
      email: demoEmail("staffTickets", brand),
      name: `${ticketsName!.firstName} ${ticketsName!.lastName}`,
    },
    texts.tickets[2]!,
    null,
    true,
  );
  // Designs made in the creator: each opens there again from the account's designs.
  const designs = [
    [customerId, "PRIVATE", 3],
    [customerId, "PRIVATE", 30],
    [masterId, "GROUP_APPLICATIONS", 9],
    [staffOrdersId, "APPLICATION", 16],
  ] as const;
  for (const [index, [accountId, scope, daysAgo]] of designs.entries())
    await demoDesign(env, brand, accountId, {
      name: texts.designs[index]!,
      ...DEMO_DESIGN_ART[index]!,
      scope,
      daysAgo,
    });
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
