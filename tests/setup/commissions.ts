import type { Account } from "@contract/api/accounts";
import { testEnv } from "./app";
import { insertOrder } from "./orders";

export type RecordedCommission = {
  month: string;
  day?: number;
  status?: string;
  source?: string;
  base: number;
  rate?: number;
};

/**
 * Commissions as the shop's records hold them, each on an order of its own (affiliate ones come only from such records
 * for now): at 5 % unless told, on the given day of the month (10 and on by default). Returns the orders' public ids.
 */
export async function recordedCommissions(master: Pick<Account, "id" | "site">, list: RecordedCommission[]) {
  const publicIds: string[] = [];
  for (const [index, row] of list.entries()) {
    const publicId = await insertOrder({ site: master.site });
    const rate = row.rate ?? 5;
    const createdAt = `${row.month}-${String(row.day ?? 10 + index).padStart(2, "0")}T10:00:00.000Z`;
    await testEnv.STORE_DB.prepare(`INSERT INTO commissions (site, master_id, order_id, source, rate, base, amount, status, created_at)
      SELECT ?, ?, id, ?, ?, ?, ?, ?, ? FROM orders WHERE public_id = ?`)
      .bind(
        master.site,
        master.id,
        row.source ?? "GROUP",
        rate,
        row.base,
        Math.round((row.base * rate) / 100),
        row.status ?? "PENDING",
        createdAt,
        publicId,
      )
      .run();
    publicIds.push(publicId);
  }
  return publicIds;
}
