import { describe, expect, it } from "vitest";
import { DELIVERY_ARRANGEMENTS, DELIVERY_MODES } from "@contract/api/enums";
import { BRANDS, DELIVERY_TYPES } from "@contract/brands/brands";
import { DELIVERY_MODE_OF, deliveryModesOf } from "@contract/shipping/delivery-modes";
import modesEs from "@locales/es/contact-delivery.json";
import modesEn from "@locales/en/contact-delivery.json";
import checkoutEs from "@locales/es/checkout.json";
import { sessionCookie, visit } from "../setup/app";
import { shopperWithCart } from "../setup/checkout";
import { insertOrder } from "../setup/orders";
import { pageText as text } from "./html";

const person = {
  email: "ola@example.com",
  customerType: "PERSON",
  firstName: "Ola",
  lastName: "Nowak",
  phone: "+48 600 100 200",
};
const company = { ...person, customerType: "COMPANY", companyName: "Foto Sp. z o.o.", taxId: "PL 526-104-08-28" };
const warsaw = { street: "ul. Puławska 145", postcode: "02-677", city: "Warszawa", country: "PL" };

/** The shipment step's groups: each fieldset's mode, legend and the option values inside it. */
const groups = (html: string) =>
  [
    ...html.matchAll(/<fieldset[^>]*data-mode="([A-Z]+)"[^>]*><legend[^>]*>([^<]+)<\/legend>([\s\S]*?)<\/fieldset>/g),
  ].map((match) => ({
    mode: match[1],
    legend: match[2],
    options: [...match[3]!.matchAll(/name="option" value="([^"]+)"/g)].map((option) => option[1]),
  }));

describe("delivery modes", () => {
  it("models both of the spec's enumerations, and maps every delivery type to a mode", () => {
    expect(DELIVERY_MODES).toEqual(["ADDRESS", "PICKPOINT", "MANAGED", "CUSTOMER"]);
    expect(DELIVERY_ARRANGEMENTS).toEqual(["SEND", "MANAGED"]);
    expect(Object.keys(DELIVERY_MODE_OF).sort()).toEqual([...DELIVERY_TYPES].sort());
    expect(DELIVERY_MODE_OF).toEqual({
      ADDRESS: "ADDRESS",
      PICKPOINT: "PICKPOINT",
      PICKPOINT_CUSTOMER: "PICKPOINT",
      FACTORY_PICKUP: "CUSTOMER",
    });
    // The online checkout never makes a MANAGED delivery: the shop arranges that one after a quote.
    for (const brand of BRANDS) expect(deliveryModesOf(brand.deliveryTypes)).not.toContain("MANAGED");
    expect(deliveryModesOf(["PICKPOINT_CUSTOMER", "FACTORY_PICKUP", "ADDRESS", "PICKPOINT"])).toEqual([
      "ADDRESS",
      "PICKPOINT",
      "CUSTOMER",
    ]);
  });

  it("groups the shipment step by mode: both pickup types under the pickup point, the workshop as the customer's own", async () => {
    const { cookie, save } = await shopperWithCart("WPX-ES");
    await save("contact", { ...person, phone: "+34 600 123 456" });
    await save("address", { street: "Calle de Alcalá, 120", postcode: "28009", city: "Madrid", country: "ES" });
    const html = (await (await visit("/checkout?step=3", { cookie })).text()).replaceAll("<!-- -->", "");
    const shown = groups(html);
    expect(shown.map((group) => [group.mode, group.legend])).toEqual([
      ["ADDRESS", modesEs.deliveryModes.ADDRESS.name],
      ["PICKPOINT", modesEs.deliveryModes.PICKPOINT.name],
      ["CUSTOMER", modesEs.deliveryModes.CUSTOMER.name],
    ]);
    const pickup = shown.find((group) => group.mode === "PICKPOINT")!;
    expect(pickup.options.some((value) => value!.startsWith("PICKPOINT:"))).toBe(true);
    expect(pickup.options.some((value) => value!.startsWith("PICKPOINT_CUSTOMER:"))).toBe(true);
    // Two kinds of point in one mode: each option says which.
    expect(text(html)).toContain(checkoutEs.checkout.deliveryTypes.PICKPOINT_CUSTOMER.name);
    expect(shown.find((group) => group.mode === "CUSTOMER")!.options).toEqual(["FACTORY_PICKUP:"]);
    // A person is not offered the delivery the shop arranges.
    expect(html).not.toContain('data-testid="managed-delivery"');
  });

  it("offers a company the delivery the shop arranges (MANAGED), through a quote request", async () => {
    const { cookie, save } = await shopperWithCart("WPX-PL");
    await save("contact", company);
    await save("address", warsaw);
    const html = await (await visit("/en/checkout?step=3", { brand: "WPX-PL", cookie })).text();
    expect(/<a[^>]*data-testid="managed-delivery"[^>]*>/.exec(html)?.[0]).toContain(
      'href="/en/contact?form=quote&amp;arrangement=MANAGED"',
    );
    expect(text(html)).toContain(modesEn.deliveryModes.MANAGED.explanation);
    // The quote form then starts with the shop arranging the delivery.
    const form = await (await visit("/en/contact?form=quote&arrangement=MANAGED", { brand: "WPX-PL" })).text();
    expect(form).toMatch(/<input type="radio"[^>]*name="arrangement" checked="" value="MANAGED"/);
    // A brand without quote requests does not offer it.
    const tz = await shopperWithCart("TZ-ES");
    await tz.save("contact", { ...company, phone: "+34 600 123 456", taxId: "B-65410011" });
    await tz.save("address", { street: "Calle de Alcalá, 120", postcode: "28009", city: "Madrid", country: "ES" });
    expect(await (await visit("/checkout?step=3", { brand: "TZ-ES", cookie: tz.cookie })).text()).not.toContain(
      'data-testid="managed-delivery"',
    );
  });

  it("shows an order's delivery by its mode, with its type, where the order is shown", async () => {
    const point = await insertOrder({
      deliveryType: "PICKPOINT_CUSTOMER",
      carrier: "CORREOS",
      pickupPointId: "es-correos-p001",
    });
    const factory = await insertOrder({ deliveryType: "FACTORY_PICKUP" });
    const { cookie } = await sessionCookie({ orderIds: [point, factory] });
    const pointPage = await (await visit(`/tracking/${point}`, { cookie })).text();
    expect(pointPage).toMatch(/data-testid="delivery-mode" data-mode="PICKPOINT">/);
    expect(text(pointPage)).toContain(modesEs.deliveryModes.PICKPOINT.name);
    const factoryPage = await (await visit(`/tracking/${factory}`, { cookie })).text();
    expect(factoryPage).toMatch(/data-testid="delivery-mode" data-mode="CUSTOMER">/);
    expect(text(factoryPage)).toContain(modesEs.deliveryModes.CUSTOMER.name);
  });
});
