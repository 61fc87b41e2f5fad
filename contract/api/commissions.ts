import { z } from "zod";
import { actorParams } from "./accounts";
import { COMMISSION_SOURCES, COMMISSION_STATUSES } from "./enums";
import { MONTH_PATTERN } from "../rules/dates";

/**
 * What a master earns: a commission per paid order of its group (GROUP) or brought as an affiliate (AFFILIATE), on
 * the order's total without VAT. Only the master itself (the group's owner) reads them.
 */

const COMMISSIONS_PER_PAGE = 25;
/** The most rows one call answers (the CSV download reads page after page of these). */
export const COMMISSIONS_MAX_PER_PAGE = 500;

export const commissionListParams = actorParams.extend({
  month: z.string().regex(MONTH_PATTERN).optional(),
  status: z.enum(COMMISSION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(COMMISSIONS_MAX_PER_PAGE).default(COMMISSIONS_PER_PAGE),
});

const commissionSchema = z.object({
  id: z.number().int(),
  orderPublicId: z.string(),
  /** When the commission was earned (the order was paid). */
  createdAt: z.string(),
  source: z.enum(COMMISSION_SOURCES),
  /** Percent of the base. */
  rate: z.number(),
  /** The order's total without VAT, in minor units. */
  base: z.number().int(),
  amount: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
});
export type Commission = z.infer<typeof commissionSchema>;

const sumsSchema = z.object({
  count: z.number().int().nonnegative(),
  base: z.number().int(),
  amount: z.number().int(),
});
export type CommissionSums = z.infer<typeof sumsSchema>;

/** One page of the filtered commissions, and the sums of all of them (not only the page's) per month and overall. */
export const commissionPageSchema = z.object({
  items: z.array(commissionSchema),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  months: z.array(sumsSchema.extend({ month: z.string().regex(MONTH_PATTERN) })),
  overall: sumsSchema,
});
export type CommissionPage = z.infer<typeof commissionPageSchema>;
