// The marketing dashboard's benchmark volume, in the local databases `npm start` uses, until `npm run seed:events`
// (1 million page events and their rollups, being written elsewhere) is on this branch:
//   ANALYTICS_DB: the daily rollups 1 million page events over 90 days across the 8 brands would leave
//                 (scripts/marketing-rollups.ts: traffic by channel and campaign with a long tail of ad groups, 150
//                 landing pages a brand, interactions, affiliate hits, consent answers), written over any demo rows;
//   STORE_DB:     the paid orders such traffic makes (about 1.5 % of visits by channel), each with its lines and its
//                 attribution, an affiliate's with its reported conversion; all marked as the benchmark's own
//                 (ext_session_id 'bench-marketing', e-mails bench.marketing.N@example.com, public ids BM…).
// Both only once: rollups that already hold a million page views, or orders already marked, are left as they are.
import { insertRows, openLocalD1, type Row } from "../scripts/local-d1.ts";
import { BRAND_SLUGS, demoAffiliateIds, marketingRollups } from "../scripts/marketing-rollups.ts";

export const BENCH_EVENTS = 1_000_000;
export const BENCH_DAYS = 90;
/**
 * Page events a brand and day on average, so that 90 days of 8 brands make about 1 million (weekends and brands vary).
 */
const VOLUME = { days: BENCH_DAYS, eventsPerBrandDay: 1480, campaignVariants: 5, landingPages: 150, seed: 1_000_000 };
const BENCH_SESSION = "bench-marketing";
const CONVERSION: Record<string, number> = {
  direct: 0.016,
  organic: 0.012,
  paid_search: 0.02,
  paid_social: 0.008,
  email: 0.025,
  referral: 0.01,
  affiliate: 0.022,
};
const VAT: Record<string, number> = { PL: 23, ES: 21, IT: 22, DK: 25, FR: 20, PT: 23, CZ: 21 };

export type BenchData = {
  events: number;
  rollupRows: Record<string, number>;
  orders: number;
  written: { rollups: boolean; orders: boolean };
};

export async function fillMarketingBench(endDay = new Date().toISOString().slice(0, 10)): Promise<BenchData> {
  const generated = marketingRollups({ ...VOLUME, endDay });
  const rollupRows = Object.fromEntries(Object.entries(generated.tables).map(([table, rows]) => [table, rows.length]));
  const written = { rollups: false, orders: false };
  const analytics = await openLocalD1("storefront-analytics");
  try {
    const from = generated.tables.traffic_daily![0]!.day as string;
    const present = await analytics.db
      .prepare("SELECT COALESCE(SUM(page_views), 0) AS events FROM traffic_daily WHERE day >= ?")
      .bind(from)
      .first<{ events: number }>();
    if ((present?.events ?? 0) < BENCH_EVENTS * 0.9) {
      for (const [table, rows] of Object.entries(generated.tables))
        await insertRows(analytics.db, table, rows, "REPLACE");
      written.rollups = true;
    }
  } finally {
    await analytics.dispose();
  }
  const store = await openLocalD1("storefront-store");
  try {
    const marked = await store.db
      .prepare("SELECT COUNT(*) AS orders FROM orders WHERE ext_session_id = ?")
      .bind(BENCH_SESSION)
      .first<{ orders: number }>();
    let orders = marked?.orders ?? 0;
    if (!orders) {
      orders = await writeOrders(store.db, generated.visitsByBrandDay);
      written.orders = true;
    }
    return { events: generated.events, rollupRows, orders, written };
  } finally {
    await store.dispose();
  }
}

type Db = Awaited<ReturnType<typeof openLocalD1>>["db"];
type Article = {
  id: number;
  site: string;
  price: number;
  slug: string;
  image: string;
  name: string;
  namePlural: string;
};

/** Orders of each brand and day from its visits by channel and campaign, as the storefront's checkout leaves them. */
async function writeOrders(
  db: Db,
  visitsByBrandDay: Map<
    string,
    { channel: string; source: string; medium: string; campaign: string; visits: number }[]
  >,
) {
  const sites = (
    await db
      .prepare("SELECT slug, country, currency, default_locale AS locale FROM sites")
      .all<{ slug: string; country: string; currency: string; locale: string }>()
  ).results;
  const articles = (
    await db
      .prepare(`SELECT a.id, a.site, a.price, a.slug, a.image, t.name, t.name_plural AS namePlural FROM articles a
      JOIN sites s ON s.slug = a.site JOIN article_texts t ON t.article_id = a.id AND t.locale = s.default_locale ORDER BY a.id`)
      .all<Article>()
  ).results;
  const start =
    ((await db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM orders").first<{ id: number }>())?.id ?? 0) + 1;
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const tables: Record<string, Row[]> = {
    carts: [],
    orders: [],
    order_lines: [],
    order_attribution: [],
    affiliate_conversions: [],
  };
  let id = start;
  for (const [key, combos] of visitsByBrandDay) {
    const [slug, day] = key.split("|") as [string, string];
    const site = sites.find((candidate) => candidate.slug === slug)!;
    const own = articles.filter((article) => article.site === slug);
    const brandIndex = BRAND_SLUGS.indexOf(slug as (typeof BRAND_SLUGS)[number]);
    for (const combo of combos) {
      const expected = combo.visits * (CONVERSION[combo.channel] ?? 0.01);
      const count = Math.floor(expected) + (next() < expected % 1 ? 1 : 0);
      for (let n = 0; n < count; n++, id++) {
        const at = `${day}T${String(8 + Math.floor(next() * 14)).padStart(2, "0")}:${String(Math.floor(next() * 60)).padStart(2, "0")}:00.000Z`;
        const lines = Array.from({ length: 1 + Math.floor(next() * 2) }, (_, index) => ({
          article: own[(id + index * 3) % own.length]!,
          quantity: 1 + Math.floor(next() * 3),
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.article.price * line.quantity, 0);
        const total = subtotal + 495;
        const vatRate = VAT[site.country] ?? 21;
        const state = next();
        const paid = state > 0.03;
        const cartId = `${BENCH_SESSION}-${id}`;
        const email = `bench.marketing.${id}@example.com`;
        tables.carts!.push({
          id: cartId,
          site: slug,
          ext_session_id: BENCH_SESSION,
          created_at: at,
          updated_at: at,
          closed_at: paid ? at : null,
        });
        tables.orders!.push({
          id,
          public_id: `BM${String(id).padStart(8, "0")}`,
          idempotency_key: `${BENCH_SESSION}:${id}`,
          site: slug,
          cart_id: cartId,
          ext_session_id: BENCH_SESSION,
          locale: site.locale,
          email,
          contact: JSON.stringify({
            email,
            customerType: "PERSON",
            firstName: "Bench",
            lastName: "Marketing",
            phone: "600 000 000",
          }),
          address: JSON.stringify({ street: "Bench 1", postcode: "00000", city: "Bench", country: site.country }),
          shipment: JSON.stringify({ deliveryType: "ADDRESS", carrier: "GLS", pickupPointId: null }),
          payment_method: "CARD",
          payment_type: "ONLINE_PREPAID",
          payment_status: paid ? "PAID" : "PENDING",
          status_code: paid && state < 0.05 ? 10 : paid ? 15 : 0,
          currency: site.currency,
          subtotal,
          discount: 0,
          shipping: 495,
          vat_rate: vatRate,
          vat: Math.round((total * vatRate) / (100 + vatRate)),
          total,
          created_at: at,
          paid_at: paid ? at : null,
        });
        for (const { article, quantity } of lines) {
          tables.order_lines!.push({
            order_id: id,
            article_id: article.id,
            name: article.name,
            name_plural: article.namePlural,
            slug: article.slug,
            image: article.image,
            options: "[]",
            quantity,
            unit_price: article.price,
            total: article.price * quantity,
          });
        }
        const affiliateId = combo.channel === "affiliate" ? demoAffiliateIds(brandIndex)[id % 2]! : null;
        tables.order_attribution!.push({
          order_id: id,
          affiliate_id: affiliateId,
          awc: affiliateId ? `bench_${id}` : null,
          channel: combo.channel,
          source: combo.source,
          medium: combo.medium,
          campaign: combo.campaign || null,
          landing_page: "/",
          touched_at: at,
          consent_ads: 1,
          consent_analytics: 1,
          first_channel: next() < 0.3 ? "organic" : null,
          first_source: null,
          first_medium: null,
          first_campaign: null,
        });
        if (affiliateId && paid) {
          tables.affiliate_conversions!.push({
            order_id: id,
            site: slug,
            network: "sandbox",
            affiliate_id: affiliateId,
            awc: `bench_${id}`,
            amount: total - Math.round((total * vatRate) / (100 + vatRate)),
            currency: site.currency,
            status: "REPORTED",
            attempts: 1,
            reported_at: at,
            created_at: at,
          });
        }
      }
    }
  }
  for (const [table, rows] of Object.entries(tables)) await insertRows(db, table, rows);
  return tables.orders!.length;
}
