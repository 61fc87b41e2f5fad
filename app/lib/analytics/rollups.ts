/**
 * The daily rollups the dashboard reads (docs/decisions/0026), added from raw rows chosen by `where` (the consumer:
 * the rows not rolled up yet), one day per event's UTC date. Plain SQL without bindings, shared by the queue consumer
 * and `npm run seed:events`; `sign` -1 takes rows back out (the seed replacing its own rows).
 */
export function rollupStatements(where: string, sign: 1 | -1 = 1): Record<RawTable, string[]> {
  const day = "substr(created_at, 1, 10)";
  const pageEvents = [
    `INSERT INTO traffic_daily (day, brand, channel, source, medium, campaign, visits, page_views)
     SELECT ${day}, brand, channel, coalesce(source, ''), coalesce(medium, ''), coalesce(campaign, ''), ${sign} * sum(landing), ${sign} * count(*)
     FROM page_events WHERE ${where} AND category = 'page' GROUP BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (day, brand, channel, source, medium, campaign) DO UPDATE SET visits = visits + excluded.visits, page_views = page_views + excluded.page_views`,
    `INSERT INTO landing_daily (day, brand, path, visits)
     SELECT ${day}, brand, path, ${sign} * count(*) FROM page_events WHERE ${where} AND category = 'page' AND landing = 1 GROUP BY 1, 2, 3
     ON CONFLICT (day, brand, path) DO UPDATE SET visits = visits + excluded.visits`,
    `INSERT INTO interaction_daily (day, brand, name, count)
     SELECT ${day}, brand, name, ${sign} * count(*) FROM page_events WHERE ${where} AND category = 'ecommerce' GROUP BY 1, 2, 3
     ON CONFLICT (day, brand, name) DO UPDATE SET count = count + excluded.count`,
  ];
  const affiliateHits = [
    `INSERT INTO affiliate_hits_daily (day, brand, affiliate_id, campaign, hits)
     SELECT ${day}, brand, affiliate_id, coalesce(campaign, ''), ${sign} * count(*) FROM affiliate_hits WHERE ${where} GROUP BY 1, 2, 3, 4
     ON CONFLICT (day, brand, affiliate_id, campaign) DO UPDATE SET hits = hits + excluded.hits`,
  ];
  const consentAnswers = [
    `INSERT INTO consent_daily (day, brand, ads, analytics, answers)
     SELECT ${day}, brand, ads, analytics, ${sign} * count(*) FROM consent_answers WHERE ${where} GROUP BY 1, 2, 3, 4
     ON CONFLICT (day, brand, ads, analytics) DO UPDATE SET answers = answers + excluded.answers`,
  ];
  return { page_events: pageEvents, affiliate_hits: affiliateHits, consent_answers: consentAnswers };
}

/** The raw tables whose rows are rolled up. */
export const RAW_TABLES = ["page_events", "affiliate_hits", "consent_answers"] as const;
export type RawTable = (typeof RAW_TABLES)[number];

const pending = rollupStatements("rolled_up = 0");
/**
 * What runs after a table's inserts, in the same transaction: count its rows not counted yet, then mark them. Every
 * write of raw rows runs it, so a table that got no rows has none pending and is left alone.
 */
export const ROLL_UP_PENDING: Record<RawTable, readonly string[]> = {
  page_events: [...pending.page_events, markRolledUp("page_events")],
  affiliate_hits: [...pending.affiliate_hits, markRolledUp("affiliate_hits")],
  consent_answers: [...pending.consent_answers, markRolledUp("consent_answers")],
};

function markRolledUp(table: RawTable) {
  return `UPDATE ${table} SET rolled_up = 1 WHERE rolled_up = 0`;
}
