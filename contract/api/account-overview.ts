import { z } from "zod";
import { accountOrderSchema } from "./account-orders";
import { actorParams, withAccountParams } from "./accounts";
import { localeParam } from "./params";
import { savedDesignSchema } from "./saved-designs";
import { ticketSummarySchema } from "./tickets";

/**
 * The account home's one call: where the account's latest orders stand, its open tickets and its designs, each with
 * its total. A part the account may not see (no orders or tickets permission) is null.
 */

/** How many of each the home shows. */
export const ACCOUNT_OVERVIEW_LATEST = { orders: 3, tickets: 3, designs: 4 } as const;

export const accountOverviewParams = actorParams.extend({ locale: localeParam, ...withAccountParams.shape });

export const accountOverviewSchema = z.object({
  orders: z.object({ items: z.array(accountOrderSchema), total: z.number().int() }).nullable(),
  tickets: z.object({ items: z.array(ticketSummarySchema), open: z.number().int() }).nullable(),
  designs: z.object({ items: z.array(savedDesignSchema), total: z.number().int() }),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;
