import type { Account } from "@contract/api/accounts";
import { testEnv } from "./app";
import { insertOrder } from "./orders";
import { productApi } from "./product-api";

type Placed = {
  site?: string;
  createdAt?: Date;
  paymentStatus?: "PENDING" | "PAID" | "CANCELED";
  paymentMethod?: "CARD" | "BANK_TRANSFER";
  contact?: Record<string, string>;
};

/**
 * An order placed by the account (or a guest, null), as placing one leaves it (two lines: 2 photo packs, 1 mug; 48,30
 * €), at the given moment. Returns its public id and row id.
 */
export async function orderPlacedBy(
  account: Pick<Account, "id"> | null,
  {
    site = "WPX-ES",
    createdAt = new Date(Date.now() - 3_600_000),
    paymentStatus = "PENDING",
    paymentMethod = "CARD",
    contact,
  }: Placed = {},
) {
  const publicId = await insertOrder({ site, paymentStatus });
  const offline = paymentMethod === "BANK_TRANSFER";
  const contactUpdate = contact ? ", contact = json_patch(contact, ?)" : "";
  await testEnv.STORE_DB.prepare(
    `UPDATE orders SET customer_id = ?, created_at = ?, payment_method = ?, payment_type = ?${contactUpdate} WHERE public_id = ?`,
  )
    .bind(
      account?.id ?? null,
      createdAt.toISOString(),
      paymentMethod,
      offline ? "TRANSFER" : "ONLINE_PREPAID",
      ...(contact ? [JSON.stringify(contact)] : []),
      publicId,
    )
    .run();
  const row = await testEnv.STORE_DB.prepare("SELECT id FROM orders WHERE public_id = ?")
    .bind(publicId)
    .first<{ id: number }>();
  return { publicId, id: row!.id };
}

/** Pays an order online as the sandbox provider would: an attempt, then its signed (here: trusted) success event. */
export async function payOnline(
  publicId: string,
  { eventId = `evt_${crypto.randomUUID()}`, paymentId }: { eventId?: string; paymentId?: string } = {},
) {
  const id = paymentId ?? (await startPayment(publicId));
  const event = await productApi(`/payments/${id}/events`, {
    form: { event_id: eventId, type: "payment.succeeded", site_url: "http://wpx-es.localhost" },
  });
  return { paymentId: id, eventId, replayed: event.body.replayed as boolean };
}

export async function startPayment(publicId: string) {
  const started = await productApi("/payments", {
    form: { ext_session_id: "placing-session", order: publicId, method: "CARD", provider: "sandbox" },
  });
  if (started.status !== 201) throw new Error(`Starting a payment answered ${started.status}`);
  return started.body.id as string;
}

/** The invoices issued for these orders, by order id. */
export async function invoicesOf(...orderIds: number[]) {
  const placeholders = orderIds.map(() => "?").join(", ");
  const found = await testEnv.STORE_DB.prepare(
    `SELECT order_id AS orderId, number, site, year, sequence, account_id AS accountId FROM invoices WHERE order_id IN (${placeholders})`,
  )
    .bind(...orderIds)
    .all<{ orderId: number; number: string; site: string; year: number; sequence: number; accountId: string | null }>();
  return found.results;
}
