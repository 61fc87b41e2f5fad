// What the marketing dashboard (/marketing, the demo marketers) shows locally: the product API's demo orders with their
// attribution and affiliates (its /operator/demo-marketing), and the analytics rollups of the last 90 days with the
// same channels and campaigns, written only while the rollups are empty (real or seeded events win).
import { openLocalD1, insertRows } from "./local-d1.ts";
import { startLocalProductApi } from "./local-product-api.ts";
import { marketingRollups } from "./marketing-rollups.ts";

/** A small volume: a few hundred page events per brand and day. */
const DEMO_VOLUME = { days: 90, eventsPerBrandDay: 300, campaignVariants: 1, landingPages: 20, seed: 2027 };

export async function seedDemoMarketing() {
  const { call, dispose } = startLocalProductApi();
  try {
    const { seeded } = (await call("POST", "/demo-marketing", {})) as { seeded: string[] };
    if (seeded.length) console.log(`Demo marketing orders made for ${seeded.join(", ")}.`);
  } finally {
    await dispose();
  }
  const analytics = await openLocalD1("storefront-analytics");
  try {
    const any = await analytics.db.prepare("SELECT 1 AS found FROM traffic_daily LIMIT 1").first();
    if (any) return;
    const { tables } = marketingRollups({ ...DEMO_VOLUME, endDay: new Date().toISOString().slice(0, 10) });
    for (const [table, rows] of Object.entries(tables)) await insertRows(analytics.db, table, rows);
    console.log(
      `Demo marketing rollups written (${Object.values(tables).reduce((sum, rows) => sum + rows.length, 0)} rows over 90 days).`,
    );
  } finally {
    await analytics.dispose();
  }
}
