import { INVOICES_PAGE_SIZE, type InvoiceSummary } from "@contract/api/invoices";
import { visibleTo, type Actor } from "../accounts/actor";
import { firstRow, rows, sql } from "../db/query";

/** The invoices the actor may see on the site: its own orders', or its group's with the invoices permission. */
const visible = (actor: Actor, site: string) =>
  sql`i.site = ${site} AND ${visibleTo(actor, "invoices", sql`i.account_id`)}`;

/** A page of those invoices, newest first, and how many there are. */
export async function invoicePage(env: ProductApiEnv, actor: Actor, site: string, page: number) {
  const [items, count] = await Promise.all([
    rows<InvoiceSummary>(
      env,
      sql`SELECT i.number, i.issued_at AS issuedAt, o.public_id AS orderPublicId, o.total, o.currency
      FROM invoices i JOIN orders o ON o.id = i.order_id
      WHERE ${visible(actor, site)}
      ORDER BY i.issued_at DESC, i.id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET ${(page - 1) * INVOICES_PAGE_SIZE}`,
    ),
    firstRow<{ total: number }>(env, sql`SELECT COUNT(*) AS total FROM invoices i WHERE ${visible(actor, site)}`),
  ]);
  return { items, total: count?.total ?? 0, page, pageSize: INVOICES_PAGE_SIZE };
}

export type InvoiceRow = { number: string; site: string; issuedAt: string; orderId: number };

/** The invoice with this number when the actor may see it. */
export function visibleInvoice(env: ProductApiEnv, actor: Actor, site: string, number: string) {
  return firstRow<InvoiceRow>(
    env,
    sql`SELECT i.number, i.site, i.issued_at AS issuedAt, i.order_id AS orderId FROM invoices i
    WHERE i.number = ${number} AND ${visible(actor, site)}`,
  );
}
