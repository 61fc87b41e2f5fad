import type { AffiliateHitParams } from "@contract/api/attribution";
import { cleanUtm } from "@contract/marketing/campaign";
import { firstRow, rows, sql } from "../db/query";

export type AffiliateRow = {
  id: number;
  site: string;
  name: string;
  masterId: string | null;
  commissionRate: number;
  status: string;
};

/** The site's affiliate of this id while it is ACTIVE (a paused one's hits and orders are not counted for it). */
export function activeAffiliate(env: ProductApiEnv, site: string, id: number) {
  return firstRow<AffiliateRow>(
    env,
    sql`SELECT id, site, name, master_id AS masterId, commission_rate AS commissionRate, status
    FROM affiliates WHERE id = ${id} AND site = ${site} AND status = 'ACTIVE'`,
  );
}

/** One hit as received, its campaign cleaned again and its address truncated by the caller. */
export async function insertAffiliateHit(env: ProductApiEnv, site: string, hit: AffiliateHitParams & { ip: string }) {
  await rows(
    env,
    sql`INSERT INTO affiliate_hits (site, affiliate_id, device_footprint, domain, url, ip, campaign, created_at)
    VALUES (${site}, ${Number(hit.customer_id)}, ${hit.device_footprint}, ${hit.domain}, ${hit.url}, ${hit.ip}, ${cleanUtm(hit.campaign) ?? null},
      ${new Date().toISOString()})`,
  );
}
