import { Hono } from "hono";
import { brandBySlug } from "@contract/brands/brands";
import { checkAddress, checkContact, checkPayment, checkShipment } from "@contract/checkout/step-rules";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, visitorParams, zValidator, type ProductApi } from "../http";
import { ownCart } from "./carts";
import { findPickupPoint } from "./pickup-points";

const owner = visitorParams;
const STEPS = ["contact", "address", "shipment", "payment"] as const;
type Step = (typeof STEPS)[number];
type CheckoutRow = Record<Step, string | null>;

const parse = (json: string | null) => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

/** Each step as saved, and the chosen pickup point (its details, as the shopper saw them). */
async function checkoutState(env: ProductApiEnv, cartId: string) {
  const row = await firstRow<CheckoutRow>(env, sql`SELECT contact, address, shipment, payment FROM cart_checkouts WHERE cart_id = ${cartId}`);
  const shipment = parse(row?.shipment ?? null);
  const pointId = typeof shipment?.pickupPointId === "string" ? shipment.pickupPointId : null;
  const point = pointId ? await findPickupPoint(env, pointId) : null;
  return {
    cartId,
    contact: parse(row?.contact ?? null),
    address: parse(row?.address ?? null),
    shipment,
    payment: parse(row?.payment ?? null),
    pickupPoint: point && { id: point.id, kind: point.kind, carrier: point.carrier, name: point.name, street: point.street, postcode: point.postcode, city: point.city, latitude: point.latitude, longitude: point.longitude, openingHours: point.openingHours },
  };
}

const missingCart = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");

/**
 * The checkout of a cart: what each step saved, for the session that owns the cart. Every step is validated with the
 * contract's schema and the cart's brand (its delivery types, carriers, payment methods and pickup points).
 */
export const checkouts = new Hono<ProductApi>()
  .get("/:cartId", zValidator("query", owner), async (c) => {
    const query = owner.parse(c.req.query());
    const cart = await ownCart(c.env, c.req.param("cartId"), query.ext_session_id, query.customer_id ?? null);
    if (!cart) return missingCart(c);
    return c.json(await checkoutState(c.env, cart.id));
  })
  .post("/:cartId/:step{contact|address|shipment|payment}", zValidator("form", owner), async (c) => {
    const form = await c.req.parseBody();
    const { ext_session_id, customer_id } = owner.parse(form);
    const cart = await ownCart(c.env, c.req.param("cartId"), ext_session_id, customer_id ?? null);
    if (!cart) return missingCart(c);
    const brand = brandBySlug(cart.site);
    if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${cart.site}`);
    const step = c.req.param("step") as Step;
    const fields = Object.fromEntries(Object.entries(form).filter(([key, value]) => key !== "ext_session_id" && key !== "customer_id" && typeof value === "string"));
    const result =
      step === "contact" ? checkContact(brand, fields)
      : step === "address" ? checkAddress(brand, fields)
      : step === "shipment" ? await checkShipment(brand, fields, (id) => findPickupPoint(c.env, id))
      : checkPayment(brand, fields);
    if (!result.ok) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Invalid ${step}`, { fieldErrors: result.fieldErrors });
    const json = JSON.stringify(result.value);
    const now = new Date().toISOString();
    // One statement per step column, so saving one step never overwrites another saved concurrently.
    const column = sql.raw(step);
    await rows(c.env, sql`INSERT INTO cart_checkouts (cart_id, ${column}, updated_at) VALUES (${cart.id}, ${json}, ${now})
      ON CONFLICT (cart_id) DO UPDATE SET ${column} = excluded.${column}, updated_at = excluded.updated_at`);
    return c.json(await checkoutState(c.env, cart.id));
  });
