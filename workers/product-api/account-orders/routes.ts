import { Hono } from "hono";
import { accountOrdersParams, orderPublicIdParam, reorderParams } from "@contract/api/account-orders";
import { API_ERROR_CODES } from "@contract/api/errors";
import { booleanFilterValue } from "@contract/rules/boolean-filter";
import { dateFilterRange } from "@contract/rules/date-filter";
import { actorOrAnswer, answerAsActor, forbidden } from "../accounts/actor";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { accountOrderPage, visibleOrder } from "./queries";
import { reorder } from "./reorder";

/** An account's orders (mounted beside the order calls, under /orders): the list it may see, and "buy again". */
export const accountOrders = new Hono<ProductApi>()
  .get("/", validate("query", accountOrdersParams), (c) => {
    const query = c.req.valid("query");
    const filters = { range: dateFilterRange(query.date_filter, new Date()), paid: booleanFilterValue(query.paid) };
    return answerAsActor(c, query.site, query.account_id, (actor) =>
      accountOrderPage(c.env, actor, query.site, filters, query.page),
    );
  })
  .post("/:publicId/reorder", validate("param", orderPublicIdParam), validate("form", reorderParams), async (c) => {
    const body = c.req.valid("form");
    const actor = await actorOrAnswer(c, body.site, body.account_id);
    if (actor instanceof Response) return actor;
    if (!actor.account.canMakeOrders) return forbidden(c);
    const order = await visibleOrder(c.env, actor, body.site, c.req.valid("param").publicId);
    // Another group's order, and one the account may not see, does not exist for it.
    if (!order) return apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
    return c.json(await reorder(c.env, actor, order, body.ext_session_id, body.locale));
  });
