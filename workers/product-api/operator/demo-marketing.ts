import { Hono } from "hono";
import { z } from "zod";
import { BRANDS, type Brand } from "@contract/brands/brands";
import { accountByEmail } from "../accounts/queries";
import { firstRow, rows, sql } from "../db/query";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { placeOldestFirst, type Placed } from "./demo-orders";
import { demoEmail } from "./demo-texts";

/**
 * What the marketing dashboard shows locally (docs/decisions/0027): per brand two affiliates and paid orders of the
 * last two months with how their buyers came (channels, campaigns, first touches, an affiliate's orders with its
 * commission and the conversion reported to the network), placed and paid through the shop's own code. The traffic side
 * (the analytics rollups) is written by `scripts/demo-marketing.ts`, with the same channels and campaigns. A brand's
 * demo accounts (demo-accounts.ts) place these orders among their own, oldest first, so that the brand's invoices are
 * numbered in date order; this endpoint adds them to a database whose demo accounts were made before them. Idempotent.
 */
type Touch = { channel: string; source: string; medium: string; campaign: string | null };
type DemoSale = { daysAgo: number; last: Touch; first?: Touch; affiliate?: 0 | 1 };

const touch = (channel: string, source: string, medium: string, campaign: string | null = null): Touch => ({
  channel,
  source,
  medium,
  campaign,
});
const SUMMER = touch("paid_search", "google", "cpc", "summer-prints");
const MUGS = touch("paid_social", "facebook", "paid_social", "mothers-day-mugs");
const NEWSLETTER = touch("email", "newsletter", "email", "newsletter-weekly");
const ORGANIC = touch("organic", "google", "organic");
const REFERRAL = touch("referral", "blog.example", "referral");
const DIRECT = touch("direct", "(direct)", "(none)");
const SCHOOL = touch("affiliate", "affiliate", "affiliate", "back-to-school");

export const DEMO_SALES: DemoSale[] = [
  { daysAgo: 1, last: SUMMER, first: ORGANIC },
  { daysAgo: 3, last: SUMMER },
  { daysAgo: 6, last: MUGS },
  { daysAgo: 9, last: NEWSLETTER, first: MUGS },
  { daysAgo: 11, last: DIRECT, first: SUMMER },
  { daysAgo: 13, last: ORGANIC },
  { daysAgo: 16, last: SCHOOL, affiliate: 0 },
  { daysAgo: 19, last: REFERRAL },
  { daysAgo: 22, last: SUMMER, first: REFERRAL },
  { daysAgo: 26, last: SCHOOL, affiliate: 1 },
  { daysAgo: 33, last: NEWSLETTER },
  { daysAgo: 41, last: DIRECT },
  { daysAgo: 48, last: MUGS },
  { daysAgo: 55, last: SCHOOL, affiliate: 0 },
];
export const DEMO_AFFILIATE_NAMES = ["Foto Blog", "Deals & Co"] as const;

/** The brand's demo affiliates' ids: 9100 + ten per brand, so each brand's are its own. */
export const demoAffiliateIds = (brand: Pick<Brand, "slug">) => {
  const base = 9100 + BRANDS.findIndex((candidate) => candidate.slug === brand.slug) * 10;
  return [base + 1, base + 2] as const;
};

/**
 * The brand's demo affiliates (made now) and its demo sales, to be placed with the brand's other demo orders (none
 * when the brand has them already): each records its attribution, and an affiliate's its commission for the company
 * `masterId` and its reported conversion.
 */
export async function marketingSales(env: ProductApiEnv, brand: Brand, masterId: string | null): Promise<Placed[]> {
  const ids = demoAffiliateIds(brand);
  if (await firstRow(env, sql`SELECT id FROM affiliates WHERE id = ${ids[0]}`)) return [];
  const now = new Date().toISOString();
  await env.STORE_DB.batch(
    ids.map((id, index) =>
      env.STORE_DB.prepare(
        "INSERT INTO affiliates (id, site, name, master_id, commission_rate, created_at) VALUES (?, ?, ?, ?, 10, ?)",
      ).bind(id, brand.slug, DEMO_AFFILIATE_NAMES[index], masterId, now),
    ),
  );
  return DEMO_SALES.map(
    (sale, index): Placed => ({
      account: null,
      email: `shopper.${index + 1}.${brand.slug.toLowerCase()}@example.com`,
      daysAgo: sale.daysAgo,
      paid: true,
      statusCode: sale.daysAgo > 10 ? 15 : 1,
      articles: [index % 6],
      afterPlaced: async (order) => {
        const { total, vat, createdAt } = (await firstRow<{ total: number; vat: number; createdAt: string }>(
          env,
          sql`SELECT total, vat, created_at AS createdAt FROM orders WHERE id = ${order.id}`,
        ))!;
        const affiliateId = sale.affiliate === undefined ? null : ids[sale.affiliate];
        const awc = affiliateId ? `demo_${affiliateId}_${index}` : null;
        const { last, first } = sale;
        await rows(
          env,
          sql`INSERT INTO order_attribution (order_id, affiliate_id, awc, channel, source, medium, campaign, landing_page, touched_at,
          first_channel, first_source, first_medium, first_campaign, first_touched_at, consent_ads, consent_analytics)
        VALUES (${order.id}, ${affiliateId}, ${awc}, ${last.channel}, ${last.source}, ${last.medium}, ${last.campaign}, '/', ${createdAt},
          ${first?.channel ?? null}, ${first?.source ?? null}, ${first?.medium ?? null}, ${first?.campaign ?? null}, ${first ? createdAt : null}, 1, 1)`,
        );
        if (!affiliateId) return;
        const base = total - vat;
        if (masterId) {
          await rows(
            env,
            sql`INSERT INTO commissions (site, master_id, order_id, source, rate, base, amount, status, created_at)
          VALUES (${brand.slug}, ${masterId}, ${order.id}, 'AFFILIATE', 10, ${base}, ${Math.round(base / 10)}, 'APPROVED', ${createdAt})`,
          );
        }
        await rows(
          env,
          sql`INSERT INTO affiliate_conversions (order_id, site, network, affiliate_id, awc, amount, currency, status, attempts, reported_at, created_at)
        VALUES (${order.id}, ${brand.slug}, 'sandbox', ${affiliateId}, ${awc}, ${base}, ${brand.currency}, 'REPORTED', 1, ${createdAt}, ${createdAt})`,
        );
      },
    }),
  );
}

export const demoMarketing = new Hono<ProductApi>().post("/", validate("form", z.object({})), async (c) => {
  const seeded: string[] = [];
  for (const brand of BRANDS) {
    // The company of the demo accounts earns the affiliates' commissions.
    const master = await accountByEmail(c.env, brand.slug, demoEmail("master", brand));
    const sales = await marketingSales(c.env, brand, master?.id ?? null);
    if (!sales.length) continue;
    await placeOldestFirst(c.env, brand, sales);
    seeded.push(brand.slug);
  }
  return c.json({ seeded });
});
