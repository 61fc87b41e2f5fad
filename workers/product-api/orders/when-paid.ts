import { affiliateCommissionStatements } from "../commissions/affiliate-commission";
import { groupCommissionStatements } from "../commissions/group-commission";
import { conversionStatements } from "../affiliates/conversions";
import { invoiceStatements } from "../invoices/issue";

/**
 * What else happens, in the same batch, when a payment marks an order paid: each statement is guarded by the order's
 * paid state and by its own uniqueness, so a replayed or concurrent event does it once (invoices, commissions, the
 * affiliate conversion to report). A GROUP commission comes before an AFFILIATE one: an order earns one.
 */
export async function whenPaidStatements(
  env: ProductApiEnv,
  orderId: number,
  now: string,
): Promise<D1PreparedStatement[]> {
  const db = env.STORE_DB;
  const [group, affiliate, conversion] = await Promise.all([
    groupCommissionStatements(db, orderId, now),
    affiliateCommissionStatements(db, orderId, now),
    conversionStatements(env, orderId, now),
  ]);
  return [...invoiceStatements(db, orderId, now), ...group, ...affiliate, ...conversion];
}
