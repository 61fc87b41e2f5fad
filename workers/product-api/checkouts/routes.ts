import { Hono } from "hono";
import { z } from "zod";
import { CHECKOUT_STEPS, checkoutParams, checkoutStepParams } from "@contract/api/checkout";
import { API_ERROR_CODES } from "@contract/api/errors";
import { brandBySlug } from "@contract/brands/brands";
import { checkAddress, checkContact, checkPayment, checkShipment } from "@contract/checkout/step-rules";
import { ownCart, ownCartWith } from "../carts/queries";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { findPickupPoint } from "../pickup-points/queries";
import { saveStep } from "./queries";
import { checkoutContents, checkoutView } from "./view";

const stepParam = z.object({ cartId: z.string(), step: z.enum(CHECKOUT_STEPS) });

const missingCart = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");

/**
 * The checkout of a cart, for the visitor who owns the cart: what each step saved, the ways to deliver it and its
 * totals. Every step is validated with the contract's rules and the cart's brand (its delivery types, carriers,
 * payment methods and pickup points).
 */
export const checkouts = new Hono<ProductApi>()
  .get("/:cartId", validate("query", checkoutParams), async (c) => {
    const query = c.req.valid("query");
    const found = await ownCartWith(c.env, c.req.param("cartId"), query.ext_session_id, query.customer_id, (id) =>
      checkoutContents(c.env, id, query.locale),
    );
    if (!found) return missingCart(c);
    return c.json(await checkoutView(c.env, found.cart, query.locale, found.contents));
  })
  .post(
    "/:cartId/:step{contact|address|shipment|payment}",
    validate("param", stepParam),
    validate("form", checkoutStepParams),
    async (c) => {
      const { cartId, step } = c.req.valid("param");
      const { ext_session_id, customer_id, locale, ...form } = c.req.valid("form");
      const cart = await ownCart(c.env, cartId, ext_session_id, customer_id);
      if (!cart) return missingCart(c);
      const brand = brandBySlug(cart.site);
      if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${cart.site}`);
      const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
      const result =
        step === "contact"
          ? checkContact(brand, fields)
          : step === "address"
            ? checkAddress(brand, fields)
            : step === "shipment"
              ? await checkShipment(brand, fields, (id) => findPickupPoint(c.env, id))
              : checkPayment(brand, fields);
      if (!result.ok)
        return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Invalid ${step}`, { fieldErrors: result.fieldErrors });
      await saveStep(c.env, cart.id, step, result.value);
      return c.json(await checkoutView(c.env, cart, locale));
    },
  );
