import type { Commission, CommissionSums } from "@contract/api/commissions";
import type { SQL } from "drizzle-orm";
import { rows, sql } from "../db/query";

export type CommissionFilter = { site: string; masterId: string; month?: string; status?: string };

function whereOf(filter: CommissionFilter): SQL {
  const where = [sql`c.site = ${filter.site}`, sql`c.master_id = ${filter.masterId}`];
  // Months are of the commission's UTC date (when the order was paid), as stored.
  if (filter.month) where.push(sql`substr(c.created_at, 1, 7) = ${filter.month}`);
  if (filter.status) where.push(sql`c.status = ${filter.status}`);
  return sql.join(where, sql` AND `);
}

/** A page of the master's commissions, newest first. */
export function commissionsPage(env: ProductApiEnv, filter: CommissionFilter, limit: number, offset: number) {
  return rows<Commission>(
    env,
    sql`SELECT c.id, o.public_id AS orderPublicId, c.created_at AS createdAt, c.source, c.rate, c.base, c.amount, c.status
    FROM commissions c JOIN orders o ON o.id = c.order_id WHERE ${whereOf(filter)} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** The sums of every filtered commission, per month (newest first). */
export function commissionSumsByMonth(env: ProductApiEnv, filter: CommissionFilter) {
  return rows<CommissionSums & { month: string }>(
    env,
    sql`SELECT substr(c.created_at, 1, 7) AS month, COUNT(*) AS count, SUM(c.base) AS base, SUM(c.amount) AS amount
    FROM commissions c WHERE ${whereOf(filter)} GROUP BY month ORDER BY month DESC`,
  );
}
