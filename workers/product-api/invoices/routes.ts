import { Hono } from "hono";
import { invoiceListParams, invoiceNumberParam, invoiceParams } from "@contract/api/invoices";
import { API_ERROR_CODES } from "@contract/api/errors";
import { actorOrAnswer } from "../accounts/actor";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { invoicePage, visibleInvoice } from "./queries";
import { invoiceView } from "./view";

/**
 * The invoices an account may see: a page of them, and one in full. They are issued when an order is paid (issue.ts).
 */
export const invoices = new Hono<ProductApi>()
  .get("/", validate("query", invoiceListParams), async (c) => {
    const query = c.req.valid("query");
    const actor = await actorOrAnswer(c, query.site, query.account_id);
    if (actor instanceof Response) return actor;
    return c.json(await invoicePage(c.env, actor, query.site, query.page));
  })
  .get("/:number", validate("param", invoiceNumberParam), validate("query", invoiceParams), async (c) => {
    const query = c.req.valid("query");
    const actor = await actorOrAnswer(c, query.site, query.account_id);
    if (actor instanceof Response) return actor;
    const invoice = await visibleInvoice(c.env, actor, query.site, c.req.valid("param").number);
    // Another group's invoice does not exist for this account; 5004 lets the storefront treat it as "nothing found".
    if (!invoice) return apiError(c, 404, API_ERROR_CODES.noResults, "Invoice not found");
    return c.json(await invoiceView(c.env, invoice));
  });
