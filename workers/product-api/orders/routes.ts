import { Hono } from "hono";
import { API_ERROR_CODES, incompleteStepCode } from "@contract/api/errors";
import { orderReadParams } from "@contract/api/account-orders";
import { orderPlaceParams } from "@contract/api/orders";
import { brandBySlug } from "@contract/brands/brands";
import { visibleOrder } from "../account-orders/queries";
import { actorOf } from "../accounts/actor";
import { ownCart } from "../carts/queries";
import { cartView } from "../carts/view";
import { deliveryOf } from "../checkouts/view";
import { sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { placeOrder, validCheckout } from "./place";
import { orderRowBy } from "./queries";
import { orderView } from "./view";

export const orders = new Hono<ProductApi>()
  /**
   * Places the order of a checked-out cart, charged what its checkout showed; repeated submits answer the same order.
   */
  .post("/", validate("form", orderPlaceParams), async (c) => {
    const body = c.req.valid("form");
    const cart = await ownCart(c.env, body.cart_id, body.ext_session_id, body.customer_id);
    if (!cart) return apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");
    const brand = brandBySlug(cart.site);
    if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${cart.site}`);
    const checkout = await validCheckout(c.env, brand, cart.id);
    if (checkout.step !== null) {
      return apiError(
        c,
        400,
        incompleteStepCode(checkout.step),
        `Checkout step ${checkout.step} is incomplete or no longer valid`,
      );
    }
    const view = await cartView(c.env, cart, body.locale);
    if (!view.lines.length) return apiError(c, 400, API_ERROR_CODES.emptyCart, "The cart is empty");
    const { chosenShipping, totals } = deliveryOf(brand, view, checkout.shipment, new Date());
    if (!chosenShipping) return apiError(c, 400, incompleteStepCode(3), "The chosen delivery is not offered");
    const order = await placeOrder(c.env, {
      brand,
      cart,
      view,
      checkout,
      delivery: chosenShipping,
      totals,
      locale: body.locale,
      siteUrl: body.site_url,
      visitor: { extSessionId: body.ext_session_id, customerId: body.customer_id ?? null },
      attribution: body.attribution,
    });
    return c.json(await orderView(c.env, order), 201);
  })
  .get("/:publicId", validate("query", orderReadParams), async (c) => {
    const query = c.req.valid("query");
    const order = await orderRowBy(c.env, sql`public_id = ${c.req.param("publicId")}`);
    const mine =
      order &&
      (order.extSessionId === query.ext_session_id || (!!query.customer_id && order.customerId === query.customer_id));
    const seenByGroup = async () => {
      if (!order || !query.site || !query.account_id) return false;
      const actor = await actorOf(c.env, query.site, query.account_id);
      return !!actor && !!(await visibleOrder(c.env, actor, query.site, order.publicId));
    };
    // Someone else's order does not exist for them; 5004 lets the storefront treat it as "nothing found".
    if (!order || !(mine || (await seenByGroup())))
      return apiError(c, 404, API_ERROR_CODES.noResults, "Order not found");
    return c.json(await orderView(c.env, order));
  });
