import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { ReportFilters } from "@contract/api/marketing-report";
import { requestInfoContext } from "~/lib/request/context/keys";

/**
 * The dashboard's traffic side: the analytics database's daily rollups (migrations/analytics/0003), summed over the
 * range, never the raw events. A visit is a session; '' in a key column means none.
 */
const count = z.number().int().nonnegative();
const rollupsSchema = z.object({
  days: z.array(z.object({ day: z.string(), visits: count, pageViews: count })),
  channels: z.array(z.object({ channel: z.string(), visits: count })),
  campaigns: z.array(
    z.object({ channel: z.string(), source: z.string(), medium: z.string(), campaign: z.string(), visits: count }),
  ),
  landings: z.array(z.object({ brand: z.string(), path: z.string(), visits: count })),
  affiliateHits: z.array(z.object({ brand: z.string(), affiliateId: z.string(), campaign: z.string(), hits: count })),
  consent: z.array(z.object({ brand: z.string(), ads: z.number().int(), analytics: z.number().int(), answers: count })),
  interactions: z.array(z.object({ name: z.string(), count })),
});
export type Rollups = z.infer<typeof rollupsSchema>;

/** The most landing pages a report ranks (the page shows the first ones, the CSV all of these). */
export const TOP_LANDINGS = 200;

export async function readRollups(
  context: Readonly<RouterContextProvider>,
  { brand, from, to }: ReportFilters,
): Promise<Rollups> {
  const db = context.get(requestInfoContext).env.ANALYTICS_DB;
  // One brand reads its (brand, day) index; all brands the primary keys, which start with the day.
  const where = brand === "all" ? "day BETWEEN ?1 AND ?2" : "brand = ?3 AND day BETWEEN ?1 AND ?2";
  const read = (query: string) =>
    brand === "all" ? db.prepare(query).bind(from, to) : db.prepare(query).bind(from, to, brand);
  const [days, campaigns, landings, affiliateHits, consent, interactions] = await db.batch([
    read(
      `SELECT day, SUM(visits) AS visits, SUM(page_views) AS pageViews FROM traffic_daily WHERE ${where} GROUP BY day ORDER BY day`,
    ),
    read(
      `SELECT channel, source, medium, campaign, SUM(visits) AS visits FROM traffic_daily WHERE ${where} GROUP BY channel, source, medium, campaign`,
    ),
    read(
      `SELECT brand, path, SUM(visits) AS visits FROM landing_daily WHERE ${where} GROUP BY brand, path ORDER BY visits DESC, brand, path LIMIT ${TOP_LANDINGS}`,
    ),
    read(
      `SELECT brand, affiliate_id AS affiliateId, campaign, SUM(hits) AS hits FROM affiliate_hits_daily WHERE ${where} GROUP BY brand, affiliate_id, campaign`,
    ),
    read(
      `SELECT brand, ads, analytics, SUM(answers) AS answers FROM consent_daily WHERE ${where} GROUP BY brand, ads, analytics`,
    ),
    read(`SELECT name, SUM(count) AS count FROM interaction_daily WHERE ${where} GROUP BY name`),
  ]);
  const parsed = rollupsSchema.omit({ channels: true }).parse({
    days: days!.results,
    campaigns: campaigns!.results,
    landings: landings!.results,
    affiliateHits: affiliateHits!.results,
    consent: consent!.results,
    interactions: interactions!.results,
  });
  // A channel's visits are its campaigns' (the same rows, summed once more here rather than read again).
  const channels = new Map<string, number>();
  for (const row of parsed.campaigns) channels.set(row.channel, (channels.get(row.channel) ?? 0) + row.visits);
  return { ...parsed, channels: [...channels].map(([channel, visits]) => ({ channel, visits })) };
}
