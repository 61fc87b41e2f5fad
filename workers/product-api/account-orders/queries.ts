import { ACCOUNT_ORDERS_PAGE_SIZE, type AccountOrder, type AccountOrderList } from "@contract/api/account-orders";
import type { DateRange } from "@contract/rules/date-filter";
import { may, visibleTo, type Actor } from "../accounts/actor";
import { firstRow, rows, sql } from "../db/query";
import { orderRowBy } from "../orders/queries";

/**
 * The order with this public id on the site when the actor may see it (its own, or its group's with the orders
 * permission).
 */
export function visibleOrder(env: ProductApiEnv, actor: Actor, site: string, publicId: string) {
  return orderRowBy(
    env,
    sql`public_id = ${publicId} AND site = ${site} AND ${visibleTo(actor, "orders", sql`customer_id`)}`,
  );
}

type SummaryRow = Omit<AccountOrder, "lines"> & {
  firstName: string | null;
  firstNamePlural: string | null;
  firstQuantity: number | null;
  firstInnerPages: number | null;
  firstExtraPages: number | null;
  lineCount: number;
  itemCount: number | null;
};

/** What a list of orders is narrowed to: placed within the range, and paid or not (null: either). */
export type OrderFilters = { range: DateRange; paid: boolean | null };

/**
 * A page of the orders the actor may see on the site that the filters let through, newest first; and how many there are
 * in all.
 */
export async function accountOrderPage(
  env: ProductApiEnv,
  actor: Actor,
  site: string,
  { range, paid }: OrderFilters,
  page: number,
  pageSize: number = ACCOUNT_ORDERS_PAGE_SIZE,
): Promise<AccountOrderList> {
  const where = sql`o.site = ${site} AND ${visibleTo(actor, "orders", sql`o.customer_id`)}
    ${range.from ? sql`AND o.created_at >= ${range.from}` : sql``} ${range.to ? sql`AND o.created_at < ${range.to}` : sql``}
    ${paid === null ? sql`` : paid ? sql`AND o.payment_status = 'PAID'` : sql`AND o.payment_status != 'PAID'`}`;
  // An invoice number is shown only to an account that may open invoices.
  const invoiceNumber = may(actor, "invoices") ? sql`i.number` : sql`NULL`;
  const [found, count] = await Promise.all([
    rows<SummaryRow>(
      env,
      sql`SELECT o.public_id AS publicId, o.created_at AS createdAt, o.status_code AS statusCode, o.payment_status AS paymentStatus,
        o.shipment_status AS shipmentStatus, o.total, o.currency, ${invoiceNumber} AS invoiceNumber,
        TRIM(a.first_name || ' ' || a.last_name) AS placedBy,
        f.name AS firstName, f.name_plural AS firstNamePlural, f.quantity AS firstQuantity,
        f.inner_pages AS firstInnerPages, f.extra_pages AS firstExtraPages,
        (SELECT COUNT(*) FROM order_lines WHERE order_id = o.id) AS lineCount,
        (SELECT SUM(quantity) FROM order_lines WHERE order_id = o.id) AS itemCount
      FROM orders o
        LEFT JOIN invoices i ON i.order_id = o.id
        LEFT JOIN accounts a ON a.id = o.customer_id
        LEFT JOIN order_lines f ON f.id = (SELECT MIN(id) FROM order_lines WHERE order_id = o.id)
      WHERE ${where}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ),
    firstRow<{ total: number }>(env, sql`SELECT COUNT(*) AS total FROM orders o WHERE ${where}`),
  ]);
  const items = found.map(({ firstName, firstNamePlural, firstQuantity, lineCount, itemCount, ...row }) => {
    const { firstInnerPages, firstExtraPages, ...order } = row;
    return {
      ...order,
      lines: {
        firstName: firstName ?? "",
        firstNamePlural: firstNamePlural ?? firstName ?? "",
        firstQuantity: firstQuantity ?? 0,
        firstInnerPages,
        firstExtraPages: firstExtraPages ?? 0,
        count: lineCount,
        items: itemCount ?? 0,
      },
    };
  });
  return { items, total: count?.total ?? 0, page, pageSize };
}
