import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import { checkoutSchema } from "@contract/api/checkout";
import { orderSchema } from "@contract/api/orders";
import type { Totals } from "@contract/api/totals";
import { BRANDS, type Brand } from "@contract/brands/brands";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { afterPromotion, invoiceTotals } from "@contract/pricing/totals";
import { VAT_RATES } from "@contract/pricing/vat";
import { formatMoney } from "@contract/rules/money";
import { postcodeExample } from "@contract/rules/postcode";
import { FREE_SHIPPING_FROM } from "@contract/shipping/options";
import { hostOf, sessionCookie, visit } from "../setup/app";
import { FIRST_ARTICLE, productApiAs } from "../setup/checkout";

// One computation of money, shown everywhere: the cart, the checkout's summary, the order and the invoice it will
// have agree in every brand (its VAT rate, its decimals rule, its free-shipping threshold), in the API and on the page.

/** A cart of `quantity` of the brand's first article, checked out to the cheapest home delivery. */
async function checkedOutCart(brand: Brand, quantity: number) {
  const extSessionId = crypto.randomUUID();
  const api = productApiAs(brand.slug, extSessionId, brand.defaultLocale);
  const locale = brand.defaultLocale;
  const { id } = await api.post("/carts", { site: brand.slug, locale }, cartSchema);
  const cart = await api.post(
    `/carts/${id}/lines`,
    { locale, article_id: FIRST_ARTICLE[brand.slug], quantity },
    cartSchema,
  );
  const path = (step = "") => `/checkouts/${id}${step}`;
  const before = await api.get(path(), { locale }, checkoutSchema);
  await api.post(
    path("/contact"),
    {
      locale,
      email: "totals@example.com",
      customerType: "PERSON",
      firstName: "Eva",
      lastName: "Novak",
      phone: "+34 600 000 000",
    },
    checkoutSchema,
  );
  await api.post(
    path("/address"),
    {
      locale,
      street: "Main Street 1",
      postcode: postcodeExample(brand.country),
      city: "Capital",
      country: brand.country,
    },
    checkoutSchema,
  );
  const cheapestHome = before.shippingOptions
    .filter((option) => option.deliveryType === "ADDRESS")
    .sort((a, b) => a.price - b.price)[0]!;
  await api.post(
    path("/shipment"),
    { locale, deliveryType: "ADDRESS", carrier: cheapestHome.carrier!, pickupPointId: "" },
    checkoutSchema,
  );
  const after = await api.post(path("/payment"), { locale, method: brand.paymentMethods[0]! }, checkoutSchema);
  const order = await api.post("/orders", { cart_id: id, locale, site_url: hostOf(brand.slug) }, orderSchema);
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId }, cartId: id, orderIds: [order.publicId] });
  return { cart, before, after, order, cookie };
}

/** The page's total inside the totals block `testId`, as the shopper reads it. */
async function totalOnPage(brand: Brand, path: string, cookie: string, testId: string) {
  const html = await (await visit(path, { brand: brand.slug, cookie })).text();
  const text = new RegExp(`data-testid="${testId}">.*?data-testid="total">([^<]*)<`, "s").exec(html)?.[1];
  return text?.replace(/\u00a0|\u202f/g, " ") ?? null;
}

const money = (brand: Brand, amount: number) =>
  formatMoney(amount, {
    currency: brand.currency,
    decimals: brand.decimals,
    locale: LOCALE_TAGS[brand.defaultLocale],
  }).replace(/\u00a0|\u202f/g, " ");

function expectConsistent(brand: Brand, totals: Totals, label: string) {
  expect(totals.vatRate, label).toBe(VAT_RATES[brand.country]);
  expect(totals.total, label).toBe(afterPromotion(totals) + totals.shipping);
  expect(totals.vat, label).toBe(Math.round((totals.total * totals.vatRate) / (100 + totals.vatRate)));
}

describe.each(BRANDS.map((brand) => [brand.slug, brand] as const))(
  "%s: one set of totals from cart to invoice",
  (_slug, brand) => {
    it.each([
      ["below the free-shipping threshold", 1],
      ["above it", 20],
    ])("%s", async (_case, quantity) => {
      const { cart, before, after, order, cookie } = await checkedOutCart(brand, quantity);
      const threshold = FREE_SHIPPING_FROM[brand.currency]!;
      const free = afterPromotion(cart.totals) >= threshold;
      expect(free, "the quantity puts the cart on the intended side of the threshold").toBe(quantity > 1);

      // The cart's estimate is its cheapest home delivery, free above the threshold; the rest follows the one rule.
      expectConsistent(brand, cart.totals, "cart");
      expect(cart.totals.shipping === 0).toBe(free);
      expect(cart.freeShippingRemaining).toBe(Math.max(0, threshold - afterPromotion(cart.totals)));
      // The checkout shows the cart's totals until a delivery is chosen, then the chosen one's (here the same carrier).
      expect(before.totals).toEqual(cart.totals);
      expect(after.chosenShipping).toMatchObject({ deliveryType: "ADDRESS", price: cart.totals.shipping });
      expect(after.totals).toEqual(cart.totals);
      // The order charges what the checkout showed; its invoice splits the same total into net and VAT.
      expect(order.totals).toEqual(after.totals);
      expect(invoiceTotals(order.totals)).toEqual({
        gross: order.totals.total,
        vatRate: VAT_RATES[brand.country],
        vat: order.totals.vat,
        net: order.totals.total - order.totals.vat,
      });

      // Every page shows that total by the brand's decimals rule.
      const shown = money(brand, order.totals.total);
      if (!brand.decimals) expect(shown).not.toMatch(/[.,]\d{2}\D*$/);
      expect(await totalOnPage(brand, "/cart", cookie, "cart-totals")).toBe(shown);
      expect(await totalOnPage(brand, "/checkout?step=4", cookie, "checkout-totals")).toBe(shown);
      expect(await totalOnPage(brand, `/order-completed?order=${order.publicId}`, cookie, "order-totals")).toBe(shown);
    });
  },
);
