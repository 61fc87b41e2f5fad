import { groupCommissionStatements } from "../commissions/group-commission";
import { invoiceStatements } from "../invoices/issue";

/**
 * What else happens, in the same batch, when a payment marks an order paid: each statement is guarded by the order's
 * paid state and by its own uniqueness, so a replayed or concurrent event does it once (invoices, commissions).
 */
export async function whenPaidStatements(db: D1Database, orderId: number, now: string): Promise<D1PreparedStatement[]> {
  return [...invoiceStatements(db, orderId, now), ...(await groupCommissionStatements(db, orderId, now))];
}
