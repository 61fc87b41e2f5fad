import { describe, expect, it } from "vitest";
import type { BrandSlug } from "@contract/brands/brands";
import { customer, sessionCookie, testEnv, visit } from "../setup/app";
import { shopperWithCart } from "../setup/checkout";

/** Sends a checkout step's form as a browser without JavaScript would. */
function submit(path: string, brand: BrandSlug, cookie: string, fields: Record<string, string>) {
  return visit(path, { brand, cookie, method: "POST", body: new URLSearchParams(fields) });
}

async function redirectOf(response: Response | Promise<Response>, status = 302) {
  const answer = await response;
  expect(answer.status).toBe(status);
  return answer.headers.get("location");
}

const decoded = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("<!-- -->", "");
const fieldOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

const person = {
  step: "1",
  email: "ola@example.com",
  customerType: "PERSON",
  firstName: "Ola",
  lastName: "Nowak",
  phone: "+48 600 100 200",
};
const address = {
  PL: { street: "ul. Puławska 145", postcode: "02-677", city: "Warszawa" },
  ES: { street: "Calle de Alcalá, 120", postcode: "28009", city: "Madrid" },
  PT: { street: "Rua Augusta, 10", postcode: "1100-148", city: "Lisboa" },
};

describe("checkout guards and step order", () => {
  it("sends a visitor without a cart, with a cart another session owns, or with an empty cart to the cart page", async () => {
    expect(await redirectOf(visit("/checkout"))).toBe("/cart");
    const owner = await shopperWithCart("WPX-ES");
    const { cookie: stranger } = await sessionCookie({ cartId: owner.cartId });
    expect(await redirectOf(visit("/checkout", { cookie: stranger }))).toBe("/cart");
    const empty = await shopperWithCart("WPX-ES", { quantity: 0 });
    expect(await redirectOf(visit("/en/checkout", { cookie: empty.cookie }))).toBe("/en/cart");
  });

  it("stops a customer who may not order, and lets a customer start with the e-mail and name from the account", async () => {
    const blocked = await shopperWithCart("WPX-PL", { customer: customer({ canMakeOrders: false }) });
    expect(await redirectOf(visit("/checkout?step=2", { brand: "WPX-PL", cookie: blocked.cookie }))).toBe(
      "/cart?blocked=1",
    );
    const allowed = await shopperWithCart("WPX-PL", {
      customer: customer({ email: "ana@example.com", firstName: "Ana" }),
    });
    const html = await (await visit("/checkout", { brand: "WPX-PL", cookie: allowed.cookie })).text();
    expect(fieldOf(html, "email")).toContain('value="ana@example.com"');
    expect(fieldOf(html, "firstName")).toContain('value="Ana"');
    expect(html).not.toContain("/login?redirectTo");
  });

  it("offers a guest the login, and leads a later step opened early to the first step not done", async () => {
    const { cookie, save } = await shopperWithCart("WPX-ES");
    const html = await (await visit("/checkout", { cookie })).text();
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent("/checkout")}"`);
    expect(await redirectOf(visit("/checkout?step=4", { cookie }))).toBe("/checkout?step=1");
    await save("contact", person);
    expect(await redirectOf(visit("/checkout?step=4", { cookie }))).toBe("/checkout?step=2");
    expect(await redirectOf(visit("/en/checkout?step=3", { cookie }))).toBe("/en/checkout?step=2");
    expect((await visit("/checkout?step=2", { cookie })).status).toBe(200);
    // A step's action refuses to skip ahead too.
    expect(await redirectOf(submit("/checkout?step=4", "WPX-ES", cookie, { step: "4", method: "CARD" }), 303)).toBe(
      "/checkout?step=2",
    );
  });
});

describe("each step validates on the server, in the shopper's language", () => {
  it("step 1: refuses a company with a wrong NIP in WPX-PL, keeps what was typed, then saves a valid one", async () => {
    const { cookie, checkout } = await shopperWithCart("WPX-PL");
    const wrong = { ...person, customerType: "COMPANY", companyName: "Foto Sp. z o.o.", taxId: "526-104-08-27" };
    const response = await submit("/checkout?step=1", "WPX-PL", cookie, wrong);
    expect(response.status).toBe(400);
    const html = decoded(await response.text());
    expect(html).toContain("Ten NIP jest nieprawidłowy dla tego kraju: sprawdź cyfry.");
    expect(fieldOf(html, "taxId")).toContain('aria-invalid="true"');
    expect(fieldOf(html, "taxId")).toContain('aria-describedby="checkout-taxId-hint checkout-taxId-error"');
    expect(fieldOf(html, "taxId")).toContain('value="526-104-08-27"');
    expect(fieldOf(html, "companyName")).toContain('value="Foto Sp. z o.o."');
    expect(html).toContain('data-testid="checkout-errors"');
    expect((await checkout()).contact).toBeNull();
    expect(
      await redirectOf(submit("/checkout?step=1", "WPX-PL", cookie, { ...wrong, taxId: "PL 526-104-08-28" }), 303),
    ).toBe("/checkout?step=2");
    expect((await checkout()).contact).toMatchObject({ customerType: "COMPANY", taxId: "PL 526-104-08-28" });
  });

  it("step 1: tells what is missing, in English under /en", async () => {
    const { cookie } = await shopperWithCart("WPX-CZ");
    const html = decoded(
      await (
        await submit("/en/checkout?step=1", "WPX-CZ", cookie, {
          step: "1",
          customerType: "COMPANY",
          email: "no-at-sign",
        })
      ).text(),
    );
    expect(html).toContain("Enter a valid e-mail address, like name@example.com.");
    expect(html).toContain("Please fill this in.");
    expect(fieldOf(html, "email")).toContain('value="no-at-sign"');
  });

  it("step 2: refuses a postcode written wrong for Portugal, with the country's example as hint; the country is the brand's", async () => {
    const { cookie, save, checkout } = await shopperWithCart("WPX-PT");
    await save("contact", person);
    const page = decoded(await (await visit("/checkout?step=2", { brand: "WPX-PT", cookie })).text());
    expect(page).toContain("Por exemplo 1100-148");
    expect(page).toContain("Portugal");
    const response = await submit("/checkout?step=2", "WPX-PT", cookie, {
      step: "2",
      ...address.PT,
      postcode: "1100148",
      country: "ES",
    });
    expect(response.status).toBe(400);
    const html = decoded(await response.text());
    expect(html).toContain("Este código postal não é válido para este país.");
    expect(fieldOf(html, "postcode")).toContain('value="1100148"');
    expect(fieldOf(html, "street")).toContain('value="Rua Augusta, 10"');
    expect(
      await redirectOf(submit("/checkout?step=2", "WPX-PT", cookie, { step: "2", ...address.PT, country: "ES" }), 303),
    ).toBe("/checkout?step=3");
    expect((await checkout()).address).toMatchObject({ postcode: "1100-148", country: "PT" });
    // Going back shows what was entered.
    expect(
      fieldOf(decoded(await (await visit("/checkout?step=2", { brand: "WPX-PT", cookie })).text()), "city"),
    ).toContain('value="Lisboa"');
  });

  it("step 3: offers the brand's deliveries with prices and dates, and pickup points near the address, nearest first", async () => {
    const { cookie, save } = await shopperWithCart("WPX-ES");
    await save("contact", person);
    await save("address", address.ES);
    const html = decoded(await (await visit("/checkout?step=3&option=PICKPOINT:GLS", { cookie })).text());
    // Grouped by delivery mode, the pickup point's two kinds named on their options (docs/decisions/0039).
    for (const name of [
      "A tu dirección",
      "A un punto de recogida",
      "Lo recoges tú",
      "Punto de recogida",
      "Tienda colaboradora",
    ])
      expect(html).toContain(name);
    expect(html).toContain("Correos");
    expect(html).toContain("Chronoexpress");
    expect(html).toMatch(/3,95\s€/);
    const listed = [...html.matchAll(/data-point="(es-gls-c\d+)"[^>]*><input/g)].map((match) => match[1]);
    expect(listed.length).toBe(10);
    const postcodes = [...html.matchAll(/, (\d{5}) (Madrid|Barcelona|Valencia|Sevilla|Bilbao|Zaragoza)<\/span>/g)].map(
      (match) => Number(match[1]),
    );
    const distances = postcodes.map((code) => Math.abs(code - 28009));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(html).toContain('data-testid="pickup-map"');
  });

  it("step 3: refuses a pickup point of another country and a carrier the brand does not use, then saves a valid point", async () => {
    const { cookie, save, checkout } = await shopperWithCart("WPX-ES");
    await save("contact", person);
    await save("address", address.ES);
    const foreign = await submit("/checkout?step=3", "WPX-ES", cookie, {
      step: "3",
      option: "PICKPOINT:CORREOS",
      pickupPointId: "pt-correos-c001",
      postcode: "28009",
    });
    expect(foreign.status).toBe(400);
    expect(decoded(await foreign.text())).toContain("Elige un punto de recogida de la lista.");
    const ups = await submit("/checkout?step=3", "WPX-ES", cookie, { step: "3", option: "ADDRESS:UPS" });
    expect(ups.status).toBe(400);
    expect(decoded(await ups.text())).toContain("Elige una de las opciones de entrega.");
    expect((await checkout()).shipment).toBeNull();
    expect(
      await redirectOf(
        submit("/checkout?step=3", "WPX-ES", cookie, {
          step: "3",
          option: "PICKPOINT:CORREOS",
          pickupPointId: "es-correos-c001",
        }),
        303,
      ),
    ).toBe("/checkout?step=4");
    expect((await checkout()).pickupPoint).toMatchObject({ id: "es-correos-c001", carrier: "CORREOS" });
    // Back on step 3, the chosen point is still chosen, with its opening hours.
    const back = decoded(await (await visit("/checkout?step=3", { cookie })).text());
    expect(/<input[^>]*name="pickupPointId"[^>]*value="es-correos-c001"[^>]*>/.exec(back)?.[0]).toContain('checked=""');
    expect(back).toContain('data-testid="pickup-chosen"');
  });

  it("step 4: shows the chosen shipping price in the total, refuses a payment method of another brand, and explains a failed payment", async () => {
    const { cookie, save } = await shopperWithCart("WPX-ES");
    await save("contact", person);
    await save("address", address.ES);
    await save("shipment", { deliveryType: "ADDRESS", carrier: "CHRONOEXPRESS" });
    const html = decoded(await (await visit("/checkout?step=4&payment=failed", { cookie })).text());
    expect(html).toContain("El pago no se ha completado.");
    // 9,95 € of prints and 7,95 € by Chronoexpress.
    expect(
      /data-testid="checkout-totals">.*?data-testid="total">([^<]*)</.exec(html)?.[1]?.replace(/\s/g, " "),
    ).toMatch(/17,90\s€/);
    for (const method of ["Tarjeta", "Bizum", "Transferencia bancaria"]) expect(html).toContain(method);
    expect(html).not.toContain(">BLIK<");
    const refused = await submit("/checkout?step=4", "WPX-ES", cookie, { step: "4", method: "BLIK" });
    expect(refused.status).toBe(400);
    expect(decoded(await refused.text())).toContain("Elige una de las formas de pago.");
    expect(decoded(await (await visit("/checkout?step=4&payment=canceled", { cookie })).text())).toContain(
      "Has cancelado el pago.",
    );
  });
});

describe("a checkout belongs to its session", () => {
  it("another session with the same cart id can neither read nor change it", async () => {
    const owner = await shopperWithCart("WPX-ES");
    await owner.save("contact", { ...person, email: "owner@example.com" });
    const { cookie: stranger } = await sessionCookie({ cartId: owner.cartId });
    expect(await redirectOf(visit("/checkout?step=1", { cookie: stranger }))).toBe("/cart");
    const write = await submit("/checkout?step=1", "WPX-ES", stranger, { ...person, email: "thief@example.com" });
    expect(write.status).toBe(302);
    expect((await owner.checkout()).contact).toMatchObject({ email: "owner@example.com" });
  });
});

describe("the pickup-point search", () => {
  it("answers the nearest points of a brand's carrier in the brand's country, and refuses another brand's carrier", async () => {
    const response = await visit("/api/pickup-points?postcode=00-950&carrier=DHL_PARCEL", { brand: "WPX-PL" });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { id: string; postcode: string; city: string }[] };
    expect(items).toHaveLength(10);
    expect(items[0]!.city).toBe("Warszawa");
    expect(items.every((point) => point.id.startsWith("pl-dhlparcel-"))).toBe(true);
    expect((await visit("/api/pickup-points?postcode=00-950&carrier=CORREOS", { brand: "WPX-PL" })).status).toBe(400);
    const partners = (await (
      await visit("/api/pickup-points?postcode=08001&carrier=CORREOS&kind=PARTNER", { brand: "WPX-ES" })
    ).json()) as { items: { id: string }[] };
    expect(partners.items[0]!.id).toMatch(/^es-correos-p/);
  });

  it("keeps STORE_DB's pickup points in the seed", async () => {
    const count = await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS n FROM pickup_points").first<{ n: number }>();
    expect(count!.n).toBeGreaterThan(400);
  });
});
