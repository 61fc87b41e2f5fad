import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { designActionParams, designIdParams, savedDesignParams } from "@contract/api/saved-designs";
import { actorOrAnswer, forbidden } from "../accounts/actor";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { deleteDesign, designFor, designPicture, savedDesignOf, savedDesignsOf } from "./saved-queries";

/**
 * The designs an account saved, and those its group shares with it; it deletes its own (a group's owner, any of them).
 */
export const savedDesigns = new Hono<ProductApi>()
  .get("/", validate("query", savedDesignParams), async (c) => {
    const { site, account_id, locale } = c.req.valid("query");
    const actor = await actorOrAnswer(c, site, account_id);
    if (actor instanceof Response) return actor;
    return c.json({ items: await savedDesignsOf(c.env, actor, site, locale) });
  })
  // One design, for its page (/design/{slug}/{id}): 404 for anyone who may not see it, as for one that does not exist.
  .get("/:id", validate("param", designIdParams), validate("query", savedDesignParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, account_id, locale } = c.req.valid("query");
    const actor = await actorOrAnswer(c, site, account_id);
    if (actor instanceof Response) return actor;
    const design = await savedDesignOf(c.env, actor, site, locale, id);
    if (!design) return apiError(c, 404, API_ERROR_CODES.notFound, "Design not found");
    return c.json(design);
  })
  // Which upload a design's picture is, and whose: the storefront reads it for an account that may see the design.
  .get("/:id/picture", validate("param", designIdParams), validate("query", designActionParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, account_id } = c.req.valid("query");
    const actor = await actorOrAnswer(c, site, account_id);
    if (actor instanceof Response) return actor;
    const design =
      (await designFor(c.env, actor, site, id, "visible")) ??
      (actor.isGroupOwner ? await designFor(c.env, actor, site, id, "group") : null);
    const picture = design ? await designPicture(c.env, id) : null;
    if (!picture) return apiError(c, 404, API_ERROR_CODES.notFound, "Design not found");
    return c.json(picture);
  })
  .post("/:id/delete", validate("param", designIdParams), validate("form", designActionParams), async (c) => {
    const { id } = c.req.valid("param");
    const { site, account_id } = c.req.valid("form");
    const actor = await actorOrAnswer(c, site, account_id);
    if (actor instanceof Response) return actor;
    const design = await designFor(c.env, actor, site, id, "visible");
    if (!design) return apiError(c, 404, API_ERROR_CODES.notFound, "Design not found");
    if (!design.deletable) return forbidden(c);
    await deleteDesign(c.env, id);
    return c.json({ id, changed: true });
  });
