import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import { checkoutSchema, pickupPointListSchema, pickupPointSchema } from "@contract/api/checkout";
import { BRANDS, brandBySlug, type BrandSlug } from "@contract/brands/brands";
import { CARRIER_RATES, shippingOptions } from "@contract/shipping/options";
import { testEnv } from "@test-setup/app";
import { FIRST_ARTICLE, productApiAs } from "@test-setup/checkout";
import { TEST_SECRETS } from "@test-setup/secrets";

/** The checkout through the real chain: client, api-proxy, product API, D1. */
function shopper(brand: BrandSlug, extSessionId: string = crypto.randomUUID()) {
  const api = productApiAs(brand, extSessionId);
  return {
    cart: () => api.post("/carts", { site: brand, locale: "en" }, cartSchema),
    add: (cartId: string, quantity: number) =>
      api.post(`/carts/${cartId}/lines`, { locale: "en", article_id: FIRST_ARTICLE[brand], quantity }, cartSchema),
    state: (cartId: string) => api.get(`/checkouts/${cartId}`, { locale: "en" }, checkoutSchema),
    save: (cartId: string, step: string, fields: Record<string, string>) =>
      api.post(`/checkouts/${cartId}/${step}`, { ...fields, locale: "en" }, checkoutSchema),
    points: (params: Record<string, string>) => api.get("/pickup-points", params, pickupPointListSchema),
    point: (id: string) => api.get(`/pickup-points/${id}`, {}, pickupPointSchema),
  };
}

/** The client's ProductApiError for a call the product API refused: its status and error code. */
const refused = (status: number, code: number) => ({ name: "ProductApiError", status, code });

/** What the product API said about each field of a refused step (a 400 with code 4000). */
async function refusal(promise: Promise<unknown>) {
  const failure = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toMatchObject(refused(400, 4000));
  return (failure as { body: { fieldErrors?: Record<string, string>; error: { code: number } } }).body;
}

const contact = {
  email: "Ola@Example.com",
  customerType: "PERSON",
  firstName: "Ola",
  lastName: "Nowak",
  phone: "+48 600 100 200",
};

describe("checkout steps in the product API", () => {
  it("saves each step as validated, and shows them with the chosen pickup point", async () => {
    const me = shopper("WPX-PL");
    const { id } = await me.cart();
    expect(await me.state(id)).toMatchObject({
      cart: { id },
      contact: null,
      address: null,
      shipment: null,
      payment: null,
      pickupPoint: null,
      chosenShipping: null,
    });
    await me.save(id, "contact", { ...contact, companyName: "Left over", taxId: "123" });
    await me.save(id, "address", { street: "ul. Puławska 145", postcode: "02-677", city: "Warszawa", country: "ES" });
    const [point] = (await me.points({ country: "PL", postcode: "02-677", kind: "CARRIER", carrier: "GLS" })).items;
    await me.save(id, "shipment", { deliveryType: "PICKPOINT", carrier: "GLS", pickupPointId: point!.id });
    const state = await me.save(id, "payment", { method: "BLIK" });
    // A person's company fields are dropped; the e-mail is normalised; the country is always the brand's.
    expect(state.contact).toEqual({
      email: "ola@example.com",
      customerType: "PERSON",
      firstName: "Ola",
      lastName: "Nowak",
      phone: "+48 600 100 200",
    });
    expect(state.address).toMatchObject({ postcode: "02-677", country: "PL" });
    expect(state.shipment).toEqual({ deliveryType: "PICKPOINT", carrier: "GLS", pickupPointId: point!.id });
    expect(state.payment).toEqual({ method: "BLIK" });
    expect(state.pickupPoint).toMatchObject({ id: point!.id, carrier: "GLS", kind: "CARRIER" });
  });

  it("refuses a company's wrong tax id, a wrong postcode, and fields it needs, with translation keys per field", async () => {
    const pl = shopper("WPX-PL");
    const { id } = await pl.cart();
    expect(
      (
        await refusal(
          pl.save(id, "contact", {
            ...contact,
            customerType: "COMPANY",
            companyName: "Foto Sp. z o.o.",
            taxId: "526-104-08-27",
          }),
        )
      ).fieldErrors,
    ).toEqual({ taxId: "checkout.errors.taxId" });
    expect(
      (await refusal(pl.save(id, "contact", { customerType: "COMPANY", email: "nope", phone: "12" }))).fieldErrors,
    ).toMatchObject({
      email: "checkout.errors.email",
      firstName: "checkout.errors.required",
      phone: "checkout.errors.phone",
      companyName: "checkout.errors.required",
      taxId: "checkout.errors.required",
    });
    await pl.save(id, "contact", {
      ...contact,
      customerType: "COMPANY",
      companyName: "Foto Sp. z o.o.",
      taxId: "PL 526-104-08-28",
    });
    const pt = shopper("WPX-PT");
    const cart = await pt.cart();
    const failure = await refusal(
      pt.save(cart.id, "address", { street: "Rua Augusta, 10", postcode: "1100148", city: "Lisboa" }),
    );
    expect(failure).toMatchObject({ error: { code: 4000 }, fieldErrors: { postcode: "checkout.errors.postcode" } });
    expect((await pt.state(cart.id)).address).toBeNull();
  });

  it("accepts only the brand's delivery types, carriers, payment methods and its country's matching pickup points", async () => {
    const es = shopper("WPX-ES");
    const { id } = await es.cart();
    const shipment = (fields: Record<string, string>) => refusal(es.save(id, "shipment", fields));
    expect((await shipment({ deliveryType: "ADDRESS", carrier: "UPS" })).fieldErrors).toEqual({
      carrier: "checkout.errors.carrier",
    });
    // CHRONOEXPRESS is WPX-ES's, but delivers only to the door.
    expect(
      (await shipment({ deliveryType: "PICKPOINT", carrier: "CHRONOEXPRESS", pickupPointId: "es-correos-c001" }))
        .fieldErrors,
    ).toEqual({ carrier: "checkout.errors.carrier" });
    expect(
      (await shipment({ deliveryType: "PICKPOINT", carrier: "CORREOS", pickupPointId: "pt-correos-c001" })).fieldErrors,
    ).toEqual({ pickupPointId: "checkout.errors.pickupPoint" });
    expect(
      (await shipment({ deliveryType: "PICKPOINT", carrier: "GLS", pickupPointId: "es-correos-c001" })).fieldErrors,
    ).toEqual({ pickupPointId: "checkout.errors.pickupPoint" });
    expect(
      (await shipment({ deliveryType: "PICKPOINT", carrier: "CORREOS", pickupPointId: "es-correos-p001" })).fieldErrors,
    ).toEqual({ pickupPointId: "checkout.errors.pickupPoint" });
    expect((await shipment({ deliveryType: "PICKPOINT", carrier: "CORREOS" })).fieldErrors).toEqual({
      pickupPointId: "checkout.errors.pickupPoint",
    });
    expect((await shipment({ deliveryType: "TELEPORT", carrier: "CORREOS" })).fieldErrors).toEqual({
      deliveryType: "checkout.errors.deliveryType",
    });
    expect((await refusal(es.save(id, "payment", { method: "BLIK" }))).fieldErrors).toEqual({
      method: "checkout.errors.paymentMethod",
    });
    // Partner shops for the delivery to a partner (PICKPOINT_CUSTOMER); FACTORY_PICKUP drops any carrier.
    expect(
      (
        await es.save(id, "shipment", {
          deliveryType: "PICKPOINT_CUSTOMER",
          carrier: "CORREOS",
          pickupPointId: "es-correos-p001",
        })
      ).pickupPoint,
    ).toMatchObject({ kind: "PARTNER" });
    expect(
      (
        await es.save(id, "shipment", {
          deliveryType: "FACTORY_PICKUP",
          carrier: "GLS",
          pickupPointId: "es-correos-c001",
        })
      ).shipment,
    ).toEqual({ deliveryType: "FACTORY_PICKUP", carrier: null, pickupPointId: null });
    const tz = shopper("TZ-ES");
    const other = await tz.cart();
    expect(
      (
        await refusal(
          tz.save(other.id, "shipment", {
            deliveryType: "PICKPOINT_CUSTOMER",
            carrier: "CORREOS",
            pickupPointId: "es-correos-p001",
          }),
        )
      ).fieldErrors,
    ).toEqual({ deliveryType: "checkout.errors.deliveryType" });
  });

  it("keeps a checkout to the session that owns the cart", async () => {
    const owner = shopper("WPX-ES");
    const { id } = await owner.cart();
    await owner.save(id, "contact", { ...contact, email: "owner@example.com" });
    const stranger = shopper("WPX-ES");
    await expect(stranger.state(id)).rejects.toMatchObject(refused(404, 5001));
    await expect(stranger.save(id, "contact", { ...contact, email: "thief@example.com" })).rejects.toMatchObject(
      refused(404, 5001),
    );
    expect((await owner.state(id)).contact).toMatchObject({ email: "owner@example.com" });
  });
});

describe("delivery and totals of a checkout", () => {
  it("offers the brand's deliveries for the cart, totals with the cart's estimate until one is saved, then with its price", async () => {
    const me = shopper("WPX-PL");
    const { id } = await me.cart();
    const cart = await me.add(id, 1);
    const before = await me.state(id);
    const brand = brandBySlug("WPX-PL")!;
    expect(before.cart).toEqual(cart);
    expect(before.shippingOptions).toEqual(shippingOptions(brand, cart.totals.subtotal, new Date()));
    expect(before.chosenShipping).toBeNull();
    expect(before.totals).toEqual(cart.totals);
    const factory = await me.save(id, "shipment", { deliveryType: "FACTORY_PICKUP" });
    expect(factory.chosenShipping).toMatchObject({ deliveryType: "FACTORY_PICKUP", carrier: null, price: 0 });
    expect(factory.totals).toMatchObject({
      subtotal: cart.totals.subtotal,
      shipping: 0,
      total: cart.totals.subtotal,
      vatRate: 23,
    });
    const ups = await me.save(id, "shipment", { deliveryType: "ADDRESS", carrier: "UPS" });
    const upsOption = before.shippingOptions.find(
      (option) => option.deliveryType === "ADDRESS" && option.carrier === "UPS",
    )!;
    expect(upsOption.price).toBeGreaterThan(cart.totals.shipping);
    expect(ups.chosenShipping).toEqual(upsOption);
    expect(ups.totals).toEqual({
      ...cart.totals,
      shipping: upsOption.price,
      total: cart.totals.subtotal + upsOption.price,
      vat: Math.round(((cart.totals.subtotal + upsOption.price) * 23) / 123),
    });
  });

  it("answers 400 in the API's error shape when the language is missing", async () => {
    const me = shopper("WPX-ES");
    const { id } = await me.cart();
    const response = await testEnv.PRODUCT_API.fetch(
      new Request(`https://product-api.internal/checkouts/${id}?ext_session_id=anyone`, {
        headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}` },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 4000, message: expect.stringMatching(/^locale: /) },
      fieldErrors: { locale: expect.any(String) },
    });
  });
});

describe("pickup points", () => {
  it("finds up to 10 points of a carrier, the nearest postcode first", async () => {
    const me = shopper("WPX-PL");
    const { items } = await me.points({ country: "PL", postcode: "31-150", kind: "CARRIER", carrier: "DHL_PARCEL" });
    expect(items).toHaveLength(10);
    expect(items.every((point) => point.carrier === "DHL_PARCEL" && point.kind === "CARRIER")).toBe(true);
    const distances = items.map((point) => Math.abs(Number(point.postcode.replace("-", "")) - 31150));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(items[0]!.city).toBe("Kraków");
    expect(items[0]!.latitude).toBeGreaterThan(49.9);
    expect(items[0]!.latitude).toBeLessThan(50.2);
    expect(await me.point(items[0]!.id)).toEqual(items[0]);
    await expect(me.point("nope")).rejects.toMatchObject(refused(404, 5001));
  });

  it("has 25 or more points for every carrier that delivers to pickup points in each brand's country, and partner shops where a brand uses them", async () => {
    for (const brand of BRANDS) {
      for (const carrier of brand.carriers.filter(
        (carrier) => CARRIER_RATES[carrier].PICKPOINT && brand.deliveryTypes.includes("PICKPOINT"),
      )) {
        const { results } = await testEnv.STORE_DB.prepare(
          "SELECT COUNT(*) AS n, COUNT(DISTINCT city) AS cities FROM pickup_points WHERE country = ? AND carrier = ? AND kind = 'CARRIER'",
        )
          .bind(brand.country, carrier)
          .all<{ n: number; cities: number }>();
        expect([brand.slug, carrier, results[0]!.n >= 25, results[0]!.cities >= 4]).toEqual([
          brand.slug,
          carrier,
          true,
          true,
        ]);
      }
      if (!brand.deliveryTypes.includes("PICKPOINT_CUSTOMER")) continue;
      for (const carrier of brand.carriers.filter((carrier) => CARRIER_RATES[carrier].PICKPOINT_CUSTOMER)) {
        const { results } = await testEnv.STORE_DB.prepare(
          "SELECT COUNT(*) AS n FROM pickup_points WHERE country = ? AND carrier = ? AND kind = 'PARTNER'",
        )
          .bind(brand.country, carrier)
          .all<{ n: number }>();
        expect([brand.slug, carrier, results[0]!.n]).toEqual([brand.slug, carrier, expect.any(Number)]);
        expect(results[0]!.n).toBeGreaterThanOrEqual(10);
      }
    }
  });
});
