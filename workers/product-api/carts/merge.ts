import { eq } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { storeDb } from "../db/client";
import { rows, sql } from "../db/query";
import { cartLines as cartLineTable, carts } from "../db/schema";
import { now, type CartRow } from "./queries";

type Line = {
  articleId: number;
  options: string;
  quantity: number;
  designId: string | null;
  designVersion: number | null;
  innerPages: number | null;
};

/**
 * Logging in: the guest cart's lines move into the customer's open cart (one line per article, options and design,
 * quantities added up to the maximum), its promotion code too when the customer's cart has none, and the guest cart
 * closes. Runs as one batch: all or nothing.
 */
export async function mergeCarts(env: ProductApiEnv, guest: CartRow, into: CartRow): Promise<CartRow> {
  const [guestLines, ownLines] = await Promise.all([
    rows<Line>(
      env,
      sql`SELECT article_id AS articleId, options, quantity, design_id AS designId, design_version AS designVersion,
      inner_pages AS innerPages FROM cart_lines WHERE cart_id = ${guest.id} ORDER BY id`,
    ),
    rows<Line & { id: number }>(
      env,
      sql`SELECT id, article_id AS articleId, options, quantity, design_id AS designId, design_version AS designVersion,
      inner_pages AS innerPages FROM cart_lines WHERE cart_id = ${into.id}`,
    ),
  ]);
  const db = storeDb(env);
  const statements = guestLines.map((line) => {
    const same = ownLines.find(
      (own) =>
        own.articleId === line.articleId &&
        own.options === line.options &&
        (own.designId ?? "") === (line.designId ?? "") &&
        (own.designVersion ?? 0) === (line.designVersion ?? 0),
    );
    if (same) {
      same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
      return db.update(cartLineTable).set({ quantity: same.quantity }).where(eq(cartLineTable.id, same.id));
    }
    return db.insert(cartLineTable).values({ cartId: into.id, ...line, createdAt: now() });
  });
  const promotionCode = into.promotionCode ?? guest.promotionCode;
  await db.batch([
    db.update(carts).set({ promotionCode, updatedAt: now() }).where(eq(carts.id, into.id)),
    db.update(carts).set({ closedAt: now(), updatedAt: now() }).where(eq(carts.id, guest.id)),
    ...statements,
  ]);
  return { ...into, promotionCode };
}

/** A guest cart becomes the customer's when they had no open cart: it then follows them, not the session. */
export async function adoptCart(env: ProductApiEnv, cart: CartRow, customerId: string): Promise<CartRow> {
  await rows(env, sql`UPDATE carts SET customer_id = ${customerId}, updated_at = ${now()} WHERE id = ${cart.id}`);
  return { ...cart, customerId };
}
