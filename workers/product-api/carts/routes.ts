import { Hono } from "hono";
import { z } from "zod";
import {
  cartCreateParams,
  cartLineChangeParams,
  cartLineParams,
  cartMergeParams,
  cartParams,
  promotionParams,
} from "@contract/api/cart";
import { API_ERROR_CODES } from "@contract/api/errors";
import { recordId, visitorParams } from "@contract/api/params";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { addLine, designPages, pageCountMessage, sellsLine, withDesignVersion } from "./lines";
import { adoptCart, mergeCarts } from "./merge";
import {
  cartContents,
  createCart,
  customerCart,
  findOffer,
  now,
  ownCart,
  ownCartSummary,
  ownCartWith,
  promotionProblem,
  sameSize,
  sortedIds,
  touch,
  validOptions,
  type CartRow,
} from "./queries";
import { cartView } from "./view";

const lineParam = z.object({ id: z.string(), line: recordId });

const missingCart = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");

export const carts = new Hono<ProductApi>()
  .post("/", validate("form", cartCreateParams), async (c) => {
    const body = c.req.valid("form");
    const site = await firstRow(c.env, sql`SELECT slug FROM sites WHERE slug = ${body.site}`);
    if (!site) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${body.site}`);
    // A customer has one open cart per site: a second device picks up the first one's.
    const existing = body.customer_id ? await customerCart(c.env, body.site, body.customer_id) : undefined;
    if (existing) return c.json(await cartView(c.env, existing, body.locale));
    const id = await createCart(c.env, body.site, body.ext_session_id, body.customer_id ?? null);
    return c.json(
      await cartView(c.env, (await ownCart(c.env, id, body.ext_session_id, body.customer_id))!, body.locale),
      201,
    );
  })
  .post("/merge", validate("form", cartMergeParams), async (c) => {
    const body = c.req.valid("form");
    const guest = body.guest_cart_id
      ? await ownCart(c.env, body.guest_cart_id, body.ext_session_id, body.customer_id)
      : undefined;
    const usable = guest && guest.site === body.site ? guest : undefined;
    const theirs = await customerCart(c.env, body.site, body.customer_id, usable?.id);
    let cart: CartRow | undefined;
    if (!usable || usable.customerId === body.customer_id) cart = usable ?? theirs;
    else if (!theirs) cart = await adoptCart(c.env, usable, body.customer_id);
    else cart = await mergeCarts(c.env, usable, theirs);
    return c.json({ cart: cart ? await cartView(c.env, cart, body.locale) : null });
  })
  .get("/:id/summary", validate("query", visitorParams), async (c) => {
    const query = c.req.valid("query");
    const summary = await ownCartSummary(c.env, c.req.param("id"), query.ext_session_id, query.customer_id);
    return summary ? c.json(summary) : missingCart(c);
  })
  .get("/:id", validate("query", cartParams), async (c) => {
    const query = c.req.valid("query");
    const found = await ownCartWith(c.env, c.req.param("id"), query.ext_session_id, query.customer_id, (id) =>
      cartContents(c.env, id, query.locale),
    );
    if (!found) return missingCart(c);
    return c.json(await cartView(c.env, found.cart, query.locale, found.contents));
  })
  .post("/:id/lines", validate("form", cartLineParams), async (c) => {
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const asked = {
      articleId: body.article_id,
      optionIds: sortedIds(body.options),
      quantity: body.quantity,
      designId: body.design_id ?? null,
    };
    if (!(await sellsLine(c.env, cart.site, asked)))
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Unknown article or options");
    const visitor = { site: cart.site, extSessionId: body.ext_session_id, customerId: body.customer_id ?? null };
    const line = await withDesignVersion(c.env, visitor, asked);
    if (!line)
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "design_id: no printed design of yours for this article");
    const pages = await designPages(c.env, line);
    if ("refused" in pages) return apiError(c, 400, API_ERROR_CODES.pageCount, pageCountMessage(pages.refused));
    await addLine(c.env, cart.id, { ...line, innerPages: pages.innerPages });
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .post("/:id/lines/:line{[0-9]+}", validate("param", lineParam), validate("form", cartLineChangeParams), async (c) => {
    const { id, line: lineId } = c.req.valid("param");
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, id, body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const line = await firstRow<{ articleId: number; options: string; designVersion: number | null }>(
      c.env,
      sql`SELECT article_id AS articleId, options,
      design_version AS designVersion FROM cart_lines WHERE id = ${lineId} AND cart_id = ${cart.id}`,
    );
    if (!line) return apiError(c, 404, API_ERROR_CODES.notFound, "Line not found");
    const ids = body.options === undefined ? null : sortedIds(body.options);
    if (ids && !(await validOptions(c.env, line.articleId, ids)))
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Unknown options");
    // A creator design's print file is made for one size: its finish or paper may change, its size may not.
    if (ids && line.designVersion !== null && !(await sameSize(c.env, sortedIds(line.options), ids))) {
      return apiError(
        c,
        400,
        API_ERROR_CODES.invalidRequest,
        "A design made in the creator keeps the size it was laid out for",
      );
    }
    await rows(
      c.env,
      sql`UPDATE cart_lines SET quantity = ${body.quantity} ${ids ? sql`, options = ${ids.join(",")}` : sql``}
      WHERE id = ${lineId} AND cart_id = ${cart.id}`,
    );
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .delete("/:id/lines/:line{[0-9]+}", validate("param", lineParam), validate("form", cartParams), async (c) => {
    const { id, line } = c.req.valid("param");
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, id, body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    await rows(c.env, sql`DELETE FROM cart_lines WHERE id = ${line} AND cart_id = ${cart.id}`);
    await touch(c.env, cart.id);
    return c.json(await cartView(c.env, cart, body.locale));
  })
  .post("/:id/promotion", validate("form", promotionParams), async (c) => {
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    const offer = await findOffer(c.env, cart.site, body.code);
    const view = await cartView(c.env, cart, body.locale);
    if (!offer) return c.json({ state: "UNKNOWN" as const, cart: view });
    const problem = promotionProblem(
      offer,
      view.totals.subtotal,
      view.lines.map((line) => line.articleId),
    );
    if (problem) return c.json({ state: problem, cart: view });
    await rows(
      c.env,
      sql`UPDATE carts SET promotion_code = ${offer.code}, updated_at = ${now()} WHERE id = ${cart.id}`,
    );
    return c.json({
      state: "APPLIED" as const,
      cart: await cartView(c.env, { ...cart, promotionCode: offer.code }, body.locale),
    });
  })
  .delete("/:id/promotion", validate("form", cartParams), async (c) => {
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, c.req.param("id"), body.ext_session_id, body.customer_id);
    if (!cart) return missingCart(c);
    await rows(c.env, sql`UPDATE carts SET promotion_code = NULL, updated_at = ${now()} WHERE id = ${cart.id}`);
    return c.json(await cartView(c.env, { ...cart, promotionCode: null }, body.locale));
  });
