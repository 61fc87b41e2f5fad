import { z } from "zod";
import { actorParams, withAccountParams } from "./accounts";
import { cartSchema } from "./cart";
import { DATE_FILTERS } from "./enums";
import { orderParams, PAYMENT_STATUSES, PUBLIC_ID_PATTERN, SHIPMENT_STATUSES } from "./orders";
import { booleanFilterParam, customerIdParam, localeParam, visitorParams } from "./params";

/**
 * The account area's orders: the orders an account may see (its own, or its group's with the orders permission),
 * a page at a time, and "buy again", which puts an order's lines back into the account's open cart.
 */

export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

/** A page of a list, from 1; no account has a thousand pages of anything. */
export const listPageParam = z.coerce.number().int().min(1).max(1000).default(1);

/** The spec's date filter (its meaning: contract/rules/date-filter.ts), `without` when not given. */
export const dateFilterParam = z.enum(DATE_FILTERS).default("without");

/** `paid`: only the paid orders (true), only those not paid (false: awaiting payment or canceled unpaid), or all. */
export const accountOrdersParams = actorParams.extend({
  date_filter: dateFilterParam,
  paid: booleanFilterParam,
  page: listPageParam,
  ...withAccountParams.shape,
});

/**
 * Reading one order (GET /orders/:publicId): the session that placed it and its customer as before (`orderParams`), and
 * also a signed-in account that may see it through its group (`account_id` on `site`: a master, or its staff with the
 * orders permission), so an account's list can open every order it shows.
 */
export const orderReadParams = orderParams.extend({
  site: z.string().min(1).max(20).optional(),
  account_id: customerIdParam.optional(),
});

export const orderPublicIdParam = z.object({ publicId: z.string().regex(PUBLIC_ID_PATTERN) });

export const accountOrderSchema = z.object({
  publicId: z.string(),
  createdAt: z.string(),
  statusCode: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  total: z.number().int(),
  currency: z.string().length(3),
  /**
   * What it holds, in short: the first line's article (as named when ordered) and, for a paged design, its inner pages
   * and the extra ones charged (as the order line keeps them, decision 0050); how many lines and pieces.
   */
  lines: z.object({
    firstName: z.string(),
    firstNamePlural: z.string(),
    firstQuantity: z.number().int(),
    firstInnerPages: z.number().int().nullable().default(null),
    firstExtraPages: z.number().int().nonnegative().default(0),
    count: z.number().int(),
    items: z.number().int(),
  }),
  /** Its invoice once paid; null too for an account without the invoices permission. */
  invoiceNumber: z.string().nullable(),
  /** Who in the group placed it (first and last name). */
  placedBy: z.string().nullable(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/** One page of an account's list: its items, and how many there are in all (for paging). */
export const listPageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const accountOrderListSchema = listPageOf(accountOrderSchema);
export type AccountOrderList = z.infer<typeof accountOrderListSchema>;

/** "Buy again": the acting account, the visitor's product-API session (for a new cart) and the cart's language. */
export const reorderParams = actorParams.extend({ ...visitorParams.shape, locale: localeParam });

const reorderedLine = z.object({ articleId: z.number().int(), name: z.string(), quantity: z.number().int() });

/** The account's open cart with the order's lines in it, and which lines went in and which are no longer sold. */
export const reorderResultSchema = z.object({
  cart: cartSchema,
  added: z.array(reorderedLine),
  skipped: z.array(reorderedLine),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
