import { Hono } from "hono";
import { ACCOUNT_OVERVIEW_LATEST, accountOverviewParams, type AccountOverview } from "@contract/api/account-overview";
import { dateFilterRange } from "@contract/rules/date-filter";
import { accountOrderPage } from "../account-orders/queries";
import { savedDesignCount, savedDesignsOf } from "../designs/saved-queries";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { ticketCounts, ticketPage, visibleTickets } from "../tickets/queries";
import { ticketSummaryView } from "../tickets/view";
import { answerAsActor, may } from "./actor";

/**
 * The account home in one call (GET /accounts/overview): its latest orders, open tickets and designs with their totals,
 * each part as the account may see it, each read no further than the home shows. Its reads start side by side, so D1
 * gets them as one batch (with the account's own row, answerAsActor).
 */
export const accountOverview = new Hono<ProductApi>().get(
  "/overview",
  validate("query", accountOverviewParams),
  (c) => {
    const { site, account_id, locale } = c.req.valid("query");
    return answerAsActor(c, site, account_id, async (actor): Promise<AccountOverview> => {
      const visible = visibleTickets(actor);
      const [orders, tickets, designs, designCount] = await Promise.all([
        may(actor, "orders")
          ? accountOrderPage(
              c.env,
              actor,
              site,
              { range: dateFilterRange("without", new Date()), paid: null },
              1,
              ACCOUNT_OVERVIEW_LATEST.orders,
            )
          : null,
        may(actor, "tickets")
          ? Promise.all([
              ticketPage(c.env, site, visible, "PENDING", 1, ACCOUNT_OVERVIEW_LATEST.tickets),
              ticketCounts(c.env, site, visible),
            ])
          : null,
        savedDesignsOf(c.env, actor, site, locale, ACCOUNT_OVERVIEW_LATEST.designs),
        savedDesignCount(c.env, actor, site),
      ]);
      return {
        orders: orders && { items: orders.items, total: orders.total },
        tickets: tickets && { items: tickets[0].map(ticketSummaryView), open: tickets[1].PENDING },
        designs: { items: designs, total: designCount },
      };
    });
  },
);
