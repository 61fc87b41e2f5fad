// The analytics rollups (migrations/analytics/0003) that a volume of page events would leave, made up with a seeded
// random generator: traffic by channel and campaign, landing pages, interactions, affiliate hits and consent answers
// per day and brand. The demo (scripts/demo-marketing.ts) writes a small volume whose channels and campaigns are the
// demo orders' (workers/product-api/operator/demo-marketing.ts); the benchmark writes what 1 million events make.
import type { Row } from "./local-d1.ts";

export const BRAND_SLUGS = ["WPX-PL", "WPX-ES", "WPX-IT", "WPX-DK", "WPX-FR", "TZ-ES", "WPX-PT", "WPX-CZ"] as const;

/** A visit's channel, source, medium and campaign ('' for none), and its share of the brand's visits. */
type Combo = { channel: string; source: string; medium: string; campaign: string; weight: number; paid?: boolean };
const COMBOS: Combo[] = [
  { channel: "direct", source: "(direct)", medium: "(none)", campaign: "", weight: 25 },
  { channel: "organic", source: "google", medium: "organic", campaign: "", weight: 22 },
  { channel: "organic", source: "bing", medium: "organic", campaign: "", weight: 4 },
  { channel: "organic", source: "duckduckgo", medium: "organic", campaign: "", weight: 2 },
  { channel: "paid_search", source: "google", medium: "cpc", campaign: "summer-prints", weight: 7, paid: true },
  { channel: "paid_search", source: "google", medium: "cpc", campaign: "brand-terms", weight: 4, paid: true },
  { channel: "paid_search", source: "google", medium: "cpc", campaign: "photo-books", weight: 3, paid: true },
  { channel: "paid_search", source: "bing", medium: "cpc", campaign: "summer-prints", weight: 1, paid: true },
  {
    channel: "paid_social",
    source: "facebook",
    medium: "paid_social",
    campaign: "mothers-day-mugs",
    weight: 5,
    paid: true,
  },
  {
    channel: "paid_social",
    source: "instagram",
    medium: "paid_social",
    campaign: "mothers-day-mugs",
    weight: 3,
    paid: true,
  },
  { channel: "paid_social", source: "tiktok", medium: "cpc", campaign: "calendar-2027", weight: 2, paid: true },
  { channel: "email", source: "newsletter", medium: "email", campaign: "newsletter-weekly", weight: 5 },
  { channel: "email", source: "newsletter", medium: "email", campaign: "abandoned-cart", weight: 2 },
  { channel: "referral", source: "blog.example", medium: "referral", campaign: "", weight: 4 },
  { channel: "referral", source: "forum.example", medium: "referral", campaign: "", weight: 2 },
  { channel: "referral", source: "pinterest.com", medium: "referral", campaign: "", weight: 2 },
  { channel: "affiliate", source: "affiliate", medium: "affiliate", campaign: "back-to-school", weight: 4 },
  { channel: "affiliate", source: "affiliate", medium: "affiliate", campaign: "", weight: 1 },
];
const PRODUCTS = [
  "photo-mug",
  "canvas-print",
  "photo-book",
  "wall-calendar",
  "poster",
  "cushion",
  "puzzle",
  "t-shirt",
  "phone-case",
  "photo-prints",
];
const BASE_PATHS = ["/", "/offers", "/reviews", "/help-center", "/newsletter", "/search", "/tags-list"];

export type Volume = {
  /** The last day (YYYY-MM-DD, UTC) and how many days up to it. */
  endDay: string;
  days: number;
  /** Page events per brand and day, on average (weekends and brands vary around it). */
  eventsPerBrandDay: number;
  /** Each paid campaign split into this many ad groups ("summer-prints", "summer-prints-2", …): the long tail. */
  campaignVariants: number;
  /** Landing pages per brand beyond the fixed ones. */
  landingPages: number;
  seed: number;
};

/** mulberry32: a small seeded generator, so a volume is the same rows every time. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayBefore = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
/** The brand's demo affiliates' ids (workers/product-api/operator/demo-marketing.ts: 9100 + ten per brand). */
export const demoAffiliateIds = (brandIndex: number) => [9100 + brandIndex * 10 + 1, 9100 + brandIndex * 10 + 2];

export type VisitCombo = Omit<Combo, "weight" | "paid"> & { visits: number };
export type MarketingRollups = {
  tables: Record<string, Row[]>;
  events: number;
  visitsByBrandDay: Map<string, VisitCombo[]>;
};

export function marketingRollups(volume: Volume): MarketingRollups {
  const next = random(volume.seed);
  const vary = (value: number, spread = 0.4) => Math.max(0, Math.round(value * (1 - spread + 2 * spread * next())));
  const combos = COMBOS.flatMap((combo) =>
    combo.paid && volume.campaignVariants > 1
      ? Array.from({ length: volume.campaignVariants }, (_, variant) => ({
          ...combo,
          campaign: variant ? `${combo.campaign}-${variant + 1}` : combo.campaign,
          weight: combo.weight / (variant + 1.5),
        }))
      : [combo],
  );
  const totalWeight = combos.reduce((sum, combo) => sum + combo.weight, 0);
  const paths = [
    ...BASE_PATHS,
    ...Array.from(
      { length: volume.landingPages },
      (_, index) => `/designs/${PRODUCTS[index % PRODUCTS.length]}/${1000 + index}`,
    ),
  ];
  const pathWeights = paths.map((_, index) => 1 / (index + 1.2));
  const pathWeightSum = pathWeights.reduce((sum, weight) => sum + weight, 0);
  const tables: Record<string, Row[]> = {
    traffic_daily: [],
    landing_daily: [],
    interaction_daily: [],
    affiliate_hits_daily: [],
    consent_daily: [],
  };
  const visitsByBrandDay = new Map<string, VisitCombo[]>();
  let events = 0;
  BRAND_SLUGS.forEach((brand, brandIndex) => {
    const brandFactor = 0.6 + (((brandIndex * 37) % 10) / 10) * 0.8;
    for (let back = volume.days - 1; back >= 0; back--) {
      const day = dayBefore(volume.endDay, back);
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 0.8 : 1.05;
      const pageViewsTarget = volume.eventsPerBrandDay * brandFactor * weekend;
      const visitsTarget = pageViewsTarget / 3.2;
      const visited: VisitCombo[] = [];
      for (const combo of combos) {
        const visits = vary((visitsTarget * combo.weight) / totalWeight);
        if (!visits) continue;
        const pageViews = Math.max(visits, Math.round(visits * (2.4 + next() * 1.6)));
        events += pageViews;
        visited.push({
          channel: combo.channel,
          source: combo.source,
          medium: combo.medium,
          campaign: combo.campaign,
          visits,
        });
        tables.traffic_daily!.push({
          day,
          brand,
          channel: combo.channel,
          source: combo.source,
          medium: combo.medium,
          campaign: combo.campaign,
          visits,
          page_views: pageViews,
        });
      }
      visitsByBrandDay.set(`${brand}|${day}`, visited);
      const visits = visited.reduce((sum, combo) => sum + combo.visits, 0);
      paths.forEach((path, index) => {
        const landed = vary((visits * pathWeights[index]!) / pathWeightSum, 0.5);
        if (landed) tables.landing_daily!.push({ day, brand, path, visits: landed });
      });
      for (const [name, rate] of [
        ["add_to_cart", 0.08],
        ["begin_checkout", 0.032],
        ["purchase", 0.014],
      ] as const) {
        tables.interaction_daily!.push({ day, brand, name, count: vary(visits * rate, 0.2) });
      }
      const affiliateVisits = visited.filter((combo) => combo.channel === "affiliate");
      for (const combo of affiliateVisits) {
        demoAffiliateIds(brandIndex).forEach((id, index) => {
          const hits = vary(combo.visits * (index ? 0.35 : 0.75));
          if (hits)
            tables.affiliate_hits_daily!.push({ day, brand, affiliate_id: String(id), campaign: combo.campaign, hits });
        });
      }
      const answers = visits * (0.5 + brandIndex * 0.03);
      const accepting = 0.45 + (brandIndex % 4) * 0.08;
      for (const [ads, analytics, share] of [
        [1, 1, accepting],
        [1, 0, 0.05],
        [0, 1, 0.2],
        [0, 0, 0.75 - accepting],
      ] as const) {
        const count = vary(answers * share, 0.15);
        if (count) tables.consent_daily!.push({ day, brand, ads, analytics, answers: count });
      }
    }
  });
  return { tables, events, visitsByBrandDay };
}
