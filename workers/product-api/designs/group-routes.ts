import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import {
  designActionParams,
  designIdParams,
  designScopeParams,
  GROUP_DESIGNS_PER_PAGE,
  groupDesignListParams,
} from "@contract/api/saved-designs";
import { booleanFilterValue } from "@contract/rules/boolean-filter";
import { groupOwnerOrAnswer } from "../accounts/group-owner";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { changeDesignScope, deleteDesign, designFor, groupDesignsOf } from "./saved-queries";

type Ctx = Parameters<typeof apiError>[0];
const noDesign = (c: Ctx) => apiError(c, 404, API_ERROR_CODES.notFound, "Design not found");

/**
 * The designs admin of a master: every design its group's accounts saved, their scope changed or deleted by the master
 * itself.
 */
export const groupDesigns = new Hono<ProductApi>()
  .get("/", validate("query", groupDesignListParams), async (c) => {
    const query = c.req.valid("query");
    const owner = await groupOwnerOrAnswer(c, query.site, query.account_id);
    if (owner instanceof Response) return owner;
    const offset = (query.page - 1) * GROUP_DESIGNS_PER_PAGE;
    const { items, total } = await groupDesignsOf(c.env, owner, {
      ...query,
      ordered: booleanFilterValue(query.ordered),
      limit: GROUP_DESIGNS_PER_PAGE,
      offset,
    });
    return c.json({ items, total, page: query.page, pageCount: Math.ceil(total / GROUP_DESIGNS_PER_PAGE) });
  })
  .post("/:id/scope", validate("param", designIdParams), validate("form", designScopeParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, account_id, scope } = c.req.valid("form");
    const owner = await groupOwnerOrAnswer(c, site, account_id);
    if (owner instanceof Response) return owner;
    if (!(await designFor(c.env, owner, site, id, "group"))) return noDesign(c);
    return c.json({ id, changed: await changeDesignScope(c.env, id, scope) });
  })
  .post("/:id/delete", validate("param", designIdParams), validate("form", designActionParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, account_id } = c.req.valid("form");
    const owner = await groupOwnerOrAnswer(c, site, account_id);
    if (owner instanceof Response) return owner;
    if (!(await designFor(c.env, owner, site, id, "group"))) return noDesign(c);
    await deleteDesign(c.env, id);
    return c.json({ id, changed: true });
  });
