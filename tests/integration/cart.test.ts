import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { shippingEstimate } from "@contract/shipping/options";
import { formatMoney } from "@contract/rules/money";
import en from "@locales/en/cart.json";
import es from "@locales/es/cart.json";
import { sessionCookieFrom, testEnv, visit } from "../setup/app";
import { text, testId, cartCount, tag, fill, shopper, session, post, page, article, lineIds } from "./cart-shopper";

describe("adding to the cart", () => {
  it("from a product page without JavaScript: a session with a cart, a 303 to the cart with a notice, the header count", async () => {
    // Photo prints 201: 13×18 (28) and premium paper (34).
    const response = await post(
      { brand: "WPX-ES" },
      { intent: "add", article_id: 201, option_size: 28, option_paper: 34, quantity: 2 },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart?added=1");
    const cookie = sessionCookieFrom(response);
    expect(cookie).not.toBeNull();
    const html = await (await visit("/cart?added=1", { cookie: cookie! })).text();
    expect(testId(html, "cart-added")).toBe(es.cart.added);
    expect(html).toContain('href="/revelado-de-fotos"');
    expect(text(html)).toContain("Pack de fotos reveladas");
    expect(testId(html, "line-options")).toBe("Tamaño: 13×18 cm · Papel: Premium");
    expect(cartCount(html)).toBe(2);
    expect(cartCount(await (await visit("/offers", { cookie: cookie! })).text())).toBe(2);
  });

  it("with JavaScript (a fetcher's data request): no redirect, the header count follows", async () => {
    const me = await shopper();
    expect(cartCount(await page(me, "/"))).toBe(0);
    const response = await post(me, { intent: "add", article_id: 203, quantity: 3 }, "/cart.data");
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("itemCount");
    expect(cartCount(await page(me, "/"))).toBe(3);
    expect((await session(me)).cartId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the design the product page was opened for, when it is that product's", async () => {
    const design = (await testEnv.STORE_DB.prepare(
      "SELECT d.id, a.slug FROM designs d JOIN articles a ON a.id = d.article_id WHERE d.site = 'WPX-ES' LIMIT 1",
    ).first<{ id: string; slug: string }>())!;
    const product = await (await visit(`/${design.slug}?design=${design.id}`)).text();
    expect(product).toContain(`name="design_id" value="${design.id}"`);
    expect(product).toContain('data-testid="chosen-design"');
    expect(await (await visit(`/revelado-de-fotos?design=${design.id}`)).text()).not.toContain('name="design_id"');
    expect(await (await visit(`/${design.slug}?design=%3Cx%3E`)).text()).not.toContain('name="design_id"');
  });

  it("shows the product page's add button enabled, posting to the cart", async () => {
    const html = await (await visit("/revelado-de-fotos")).text();
    expect(tag(html, /action="\/cart"/)).toMatchObject({ method: "post", action: "/cart" });
    expect(html).toContain('name="intent" value="add"');
    const button = tag(html, /data-testid="add-to-cart"/);
    expect(button).toMatchObject({ type: "submit", "aria-describedby": "cart-answer" });
    expect(button).not.toHaveProperty("disabled");
  });
});

describe("changing the cart", () => {
  it("changes quantity (tier discount), options and removes, each redirecting back without JavaScript", async () => {
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 1 });
    const [line] = await lineIds(me);
    let response = await post(me, { intent: "update", line: line!, quantity: 3 });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    let html = await page(me);
    expect(tag(html, /id="quantity-/).value).toBe("3");
    expect(text(html)).toContain(fill(es.cart.line.tier, { percent: 10 }));
    response = await post(me, { intent: "update", line: line!, quantity: 3, step: "1" });
    expect(response.status).toBe(303);
    const before = testId(await page(me), "line-total");
    await post(me, { intent: "update", line: line!, quantity: 4, option_size: 28 });
    html = await page(me);
    expect(testId(html, "line-options")).toContain("13×18 cm");
    expect(testId(html, "line-total")).not.toBe(before);
    expect(cartCount(html)).toBe(4);
    expect((await post(me, { intent: "remove", line: line! })).status).toBe(303);
    html = await page(me);
    expect(html).toContain('data-testid="cart-empty"');
    expect(text(html)).toContain(es.cart.empty.title);
    expect(cartCount(html)).toBe(0);
  });

  it("refuses bad input with a translated message, keeps what was typed and changes nothing", async () => {
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 2 });
    const [line] = await lineIds(me);
    let response = await post(me, { intent: "update", line: line!, quantity: 0 });
    expect(response.status).toBe(400);
    let html = await response.text();
    expect(text(html)).toContain(es.cart.errors.quantity);
    expect(tag(html, /id="quantity-/)).toMatchObject({
      value: "0",
      "aria-invalid": "true",
      "aria-describedby": `line-${line}-error`,
    });
    response = await post({ ...me, brand: "WPX-ES" }, { intent: "update", line: line!, quantity: "dos" }, "/en/cart");
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(en.cart.errors.quantity);
    response = await post(me, { intent: "applyPromotion", code: "  " });
    expect(text(await response.text())).toContain(es.cart.errors.code);
    response = await post(me, { intent: "explode" });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(es.cart.errors.invalid);
    // An option of another article.
    response = await post(me, { intent: "update", line: line!, quantity: 2, option_size: 1 });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(es.cart.errors.options);
    response = await post(me, { intent: "add", article_id: 101, quantity: 1 });
    expect(response.status).toBe(400);
    html = await page(me);
    expect(tag(html, /id="quantity-/).value).toBe("2");
    expect(cartCount(html)).toBe(2);
  });
});

describe("promotion codes on the cart page", () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  async function offer(code: string, fields: { startsAt?: string; endsAt?: string; minOrder?: number }) {
    await testEnv.STORE_DB.prepare(
      "INSERT INTO offers (site, code, discount_percent, starts_at, ends_at, min_order) VALUES ('WPX-ES', ?, 10, ?, ?, ?)",
    )
      .bind(code, fields.startsAt ?? day(-1), fields.endsAt ?? day(30), fields.minOrder ?? 0)
      .run();
    return code;
  }
  const suffix = () => Date.now() % 100000;

  it.each([
    ["es", "", es],
    ["en", "/en", en],
  ] as const)("says each state in %s, applies, and takes a code off", async (_, prefix, strings) => {
    const codes = {
      EXPIRED: await offer(`VIEJO${suffix()}`, { startsAt: day(-30), endsAt: day(-2) }),
      NOT_APPLICABLE: await offer(`MINIMO${suffix()}`, { minOrder: 9_000_000 }),
      UNKNOWN: "NOEXISTE",
      APPLIED: await offer(`BIEN${suffix()}`, {}),
    };
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 1 });
    for (const [state, code] of Object.entries(codes) as [keyof typeof codes, string][]) {
      const response = await post(me, { intent: "applyPromotion", code: code.toLowerCase() }, `${prefix}/cart`);
      expect(response.status).toBe(303);
      const location = response.headers.get("location")!;
      expect(location).toBe(`${prefix}/cart?promotion=${state}&code=${code.toLowerCase()}`);
      const html = await page(me, location);
      expect(testId(html, "promotion-message"), state).toBe(
        fill(strings.cart.promotion.states[state], { code, percent: 10 }),
      );
    }
    let html = await page(me, `${prefix}/cart`);
    expect(testId(html, "discount")).toMatch(/^−/);
    expect(text(html)).toContain(fill(strings.cart.promotion.current, { code: codes.APPLIED }));
    expect((await post(me, { intent: "removePromotion" }, `${prefix}/cart`)).status).toBe(303);
    html = await page(me, `${prefix}/cart`);
    expect(html).not.toContain('data-testid="discount"');
    expect(html).toContain('id="promotion-code"');
  });
});

describe("totals", () => {
  it.each([
    ["WPX-PL", "pl-PL"],
    ["WPX-DK", "da-DK"],
  ] as const)("%s: subtotal, shipping estimate, free-shipping hint, VAT and total", async (brand, tag) => {
    const config = brandBySlug(brand)!;
    const money = (amount: number) =>
      formatMoney(amount, { currency: config.currency, decimals: config.decimals, locale: tag }).replace(
        /[\u00a0\u202f]/g,
        " ",
      );
    const product = await article(brand);
    const me = await shopper(brand);
    await post(me, { intent: "add", article_id: product.id, quantity: 1 });
    const html = await page(me);
    const shipping = shippingEstimate(config, product.price, 1);
    expect(shipping).toBeGreaterThan(0);
    expect(testId(html, "subtotal")).toBe(money(product.price));
    expect(testId(html, "shipping")).toBe(money(shipping));
    expect(testId(html, "total")).toBe(money(product.price + shipping));
    const rate = brand === "WPX-PL" ? 23 : 25;
    expect(testId(html, "vat")).toBe(money(Math.round(((product.price + shipping) * rate) / (100 + rate))));
    expect(text(html)).toMatch(new RegExp(`(VAT|moms) ${rate}`));
    expect(testId(html, "free-shipping")).toContain(money((brand === "WPX-PL" ? 19900 : 40000) - product.price));
    if (brand === "WPX-DK") expect(testId(html, "total")).not.toMatch(/,\d\d/);
    // Enough of it, and shipping is free.
    const [line] = await lineIds(me);
    await post(me, { intent: "update", line: line!, quantity: 20 });
    const big = await page(me);
    expect(testId(big, "shipping")).toMatch(/^(Gratis)$/);
    expect(text(big)).toContain(brand === "WPX-PL" ? "darmową dostawę" : "sendes gratis");
  });
});
