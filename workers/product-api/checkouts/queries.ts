import type { CheckoutStep } from "@contract/api/checkout";
import { firstRow, rows, sql } from "../db/query";

type CheckoutRow = Record<CheckoutStep, string | null>;

const parsed = (text: string | null | undefined): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Each step as stored (null until saved), not yet checked: the checkout view and placing an order read them each their
 * way.
 */
export async function storedSteps(env: ProductApiEnv, cartId: string): Promise<Record<CheckoutStep, unknown>> {
  const row = await firstRow<CheckoutRow>(
    env,
    sql`SELECT contact, address, shipment, payment FROM cart_checkouts WHERE cart_id = ${cartId}`,
  );
  return {
    contact: parsed(row?.contact),
    address: parsed(row?.address),
    shipment: parsed(row?.shipment),
    payment: parsed(row?.payment),
  };
}

/** One statement per step column, so saving one step never overwrites another saved concurrently. */
export async function saveStep(env: ProductApiEnv, cartId: string, step: CheckoutStep, value: unknown) {
  const column = sql.raw(step);
  await rows(
    env,
    sql`INSERT INTO cart_checkouts (cart_id, ${column}, updated_at) VALUES (${cartId}, ${JSON.stringify(value)}, ${new Date().toISOString()})
    ON CONFLICT (cart_id) DO UPDATE SET ${column} = excluded.${column}, updated_at = excluded.updated_at`,
  );
}
