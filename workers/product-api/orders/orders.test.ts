import { describe, expect, it } from "vitest";
import { promotionResultSchema } from "@contract/api/cart";
import { checkoutSchema } from "@contract/api/checkout";
import { orderSchema } from "@contract/api/orders";
import { CARRIER_LABELS } from "@contract/brands/names";
import { formatMoney } from "@contract/rules/money";
import { testEnv } from "@test-setup/app";
import { ES_CHECKOUT, outboxFor, shopperWithCheckout } from "@test-setup/orders";
import { ORDER_CONFIRMATION } from "./email-texts";

const SITE_URL = "http://wpx-es.localhost";
const money = (amount: number) => formatMoney(amount, { currency: "EUR", decimals: true, locale: "es-ES" });

async function offer(discount: number) {
  const code = `ORDER${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const today = new Date().toISOString().slice(0, 10);
  await testEnv.STORE_DB.prepare(
    "INSERT INTO offers (site, code, discount_percent, starts_at, ends_at, min_order) VALUES ('WPX-ES', ?, ?, ?, '2099-12-31', 0)",
  )
    .bind(code, discount, today)
    .run();
  return code;
}

/**
 * A WPX-ES shopper with a saved checkout (the steps as given) and a promotion applied; the checkout as the API shows
 * it.
 */
async function checkedOut(steps: Partial<Record<keyof typeof ES_CHECKOUT, unknown>>, discount = 10) {
  const shopper = await shopperWithCheckout({ ...ES_CHECKOUT, ...steps });
  const code = await offer(discount);
  expect(
    (await shopper.api.post(`/carts/${shopper.cartId}/promotion`, { locale: "es", code }, promotionResultSchema)).state,
  ).toBe("APPLIED");
  const checkout = await shopper.api.get(`/checkouts/${shopper.cartId}`, { locale: "es" }, checkoutSchema);
  const place = () =>
    shopper.api.post("/orders", { cart_id: shopper.cartId, locale: "es", site_url: SITE_URL }, orderSchema);
  return { ...shopper, code, checkout, place };
}

describe("an order's totals", () => {
  it("are the checkout's: the promotion with its percent, the chosen delivery's price and the VAT of Spain, kept as charged", async () => {
    const { code, checkout, place, api } = await checkedOut({}, 10);
    expect(checkout.chosenShipping).toMatchObject({ deliveryType: "ADDRESS", carrier: "CORREOS" });
    const order = await place();
    const amount = Math.floor(checkout.totals.subtotal / 10);
    expect(order.totals).toEqual(checkout.totals);
    expect(order.totals).toMatchObject({
      promotion: { code, discountPercent: 10, amount },
      shipping: checkout.chosenShipping!.price,
      vatRate: 21,
    });
    expect(order.totals.total).toBe(order.totals.subtotal - amount + order.totals.shipping);
    expect(order.totals.vat).toBe(Math.round((order.totals.total * 21) / 121));
    // The offer changing afterwards changes nothing in the order.
    await testEnv.STORE_DB.prepare("UPDATE offers SET discount_percent = 50 WHERE code = ?").bind(code).run();
    expect((await api.get(`/orders/${order.publicId}`, {}, orderSchema)).totals).toEqual(order.totals);
  });

  it("show the steps as saved, the shipment with its delivery window and the pickup point beside it, not in it", async () => {
    const atHome = await checkedOut({});
    const home = await atHome.place();
    expect(home.contact).toEqual(atHome.checkout.contact);
    expect(home.address).toEqual(atHome.checkout.address);
    expect(home.shipment).toEqual({
      deliveryType: "ADDRESS",
      carrier: "CORREOS",
      pickupPointId: null,
      earliest: atHome.checkout.chosenShipping!.earliest,
      latest: atHome.checkout.chosenShipping!.latest,
      deliveryMode: "ADDRESS",
    });
    expect(home.pickupPoint).toBeNull();

    const atPoint = await checkedOut({
      shipment: { deliveryType: "PICKPOINT", carrier: "CORREOS", pickupPointId: "es-correos-c001" },
    });
    const point = await atPoint.place();
    expect(Object.keys(point.shipment).sort()).toEqual([
      "carrier",
      "deliveryMode",
      "deliveryType",
      "earliest",
      "latest",
      "pickupPointId",
    ]);
    expect(point.shipment.deliveryMode).toBe("PICKPOINT");
    expect(point.pickupPoint).toEqual(atPoint.checkout.pickupPoint);
    expect(point.pickupPoint).toMatchObject({ id: "es-correos-c001", name: "Citypaq Madrid 1", city: "Madrid" });
    expect(point.totals.shipping).toBe(atPoint.checkout.chosenShipping!.price);
  });
});

describe("the confirmation e-mail", () => {
  it("says the totals the order was charged, with its VAT rate and the carrier's own name", async () => {
    const email = `transfer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { code, place } = await checkedOut(
      { contact: { ...ES_CHECKOUT.contact, email }, payment: { method: "BANK_TRANSFER" } },
      20,
    );
    const order = await place();
    const [sent, ...more] = await outboxFor(email);
    expect(more).toEqual([]);
    const texts = ORDER_CONFIRMATION.es!;
    const { totals } = order;
    expect(sent!.body).toContain(`${texts.subtotal}: ${money(totals.subtotal)}`);
    expect(sent!.body).toContain(`${texts.discount} (${code}): −${money(totals.promotion!.amount)}`);
    expect(sent!.body).toContain(`${texts.shipping}: ${money(totals.shipping)}`);
    expect(sent!.body).toContain(
      `${texts.total}: ${money(totals.total)} (${texts.vat.replace("{rate}", "21").replace("{vat}", money(totals.vat))})`,
    );
    expect(sent!.body).toContain(CARRIER_LABELS.CORREOS!);
    expect(sent!.body).toContain(order.publicId);
  });
});
