import { productApiAs } from "../setup/checkout";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { brandBySlug, type BrandSlug } from "@contract/brands/brands";
import { mergeGuestCartOnLogin } from "~/lib/cart/merge.server";
import { shippingEstimate } from "@contract/shipping/options";
import { apiContext, brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import type { SessionData } from "~/lib/session/data";
import { formatMoney } from "@contract/rules/money";
import en from "@locales/en/cart.json";
import es from "@locales/es/cart.json";
import { customer, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
const testId = (html: string, id: string) =>
  text(
    /data-testid="[^"]*"/.test(html)
      ? (new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1] ?? "")
      : "",
  ).trim();
const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
/** The attributes of the first tag matching a pattern, order-independent. */
const tag = (html: string, pattern: RegExp) => {
  const found =
    [...html.matchAll(/<(input|button|form)\b[^>]*>/g)]
      .map((match) => match[0])
      .find((element) => pattern.test(element)) ?? "";
  return Object.fromEntries([...found.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
};
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

type Shopper = { cookie: string; id: string; brand: BrandSlug };

async function shopper(brand: BrandSlug = "WPX-ES", data: Partial<SessionData> = {}): Promise<Shopper> {
  return { ...(await sessionCookie(data)), brand };
}

async function session(who: Shopper): Promise<SessionData> {
  return JSON.parse((await testEnv.SESSIONS.get(`session:${who.id}`))!) as SessionData;
}

/** A plain (no JavaScript) POST of the cart form. */
function post(
  who: Pick<Shopper, "cookie" | "brand"> | { brand: BrandSlug; cookie?: string },
  fields: Record<string, string | number>,
  path = "/cart",
) {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return visit(path, {
    brand: who.brand,
    cookie: who.cookie,
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

async function page(who: Shopper, path = "/cart") {
  const response = await visit(path, { brand: who.brand, cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.text();
}

async function article(site: BrandSlug, offset = 0) {
  return (await testEnv.STORE_DB.prepare(
    "SELECT id, slug, price FROM articles WHERE site = ? AND id NOT IN (SELECT article_id FROM article_options) ORDER BY id LIMIT 1 OFFSET ?",
  )
    .bind(site, offset)
    .first<{ id: number; slug: string; price: number }>())!;
}

const lineIds = async (who: Shopper) =>
  (
    await testEnv.STORE_DB.prepare("SELECT l.id FROM cart_lines l WHERE l.cart_id = ? ORDER BY l.id")
      .bind((await session(who)).cartId)
      .all<{ id: number }>()
  ).results.map((row) => row.id);

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
      "INSERT INTO offers (id, site, code, discount_percent, starts_at, ends_at, min_order) VALUES (?, 'WPX-ES', ?, 10, ?, ?, ?)",
    )
      .bind(
        80_000 + Math.floor(Math.random() * 9_000),
        code,
        fields.startsAt ?? day(-1),
        fields.endsAt ?? day(30),
        fields.minOrder ?? 0,
      )
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

describe("whose cart it is", () => {
  it("another session can neither read nor change this cart", async () => {
    const owner = await shopper();
    await post(owner, { intent: "add", article_id: 201, quantity: 1 });
    const cartId = (await session(owner)).cartId!;
    const [line] = await lineIds(owner);
    // A stranger who somehow holds the cart id in their own session still gets nothing.
    const stranger = await shopper("WPX-ES", { cartId });
    const html = await page(stranger);
    expect(html).toContain('data-testid="cart-empty"');
    expect(cartCount(html)).toBe(0);
    expect((await session(stranger)).cartId).toBeNull();
    const thief = await shopper("WPX-ES", { cartId });
    expect((await post(thief, { intent: "update", line: line!, quantity: 50 })).status).toBe(400);
    expect((await post(thief, { intent: "remove", line: line! })).status).toBe(400);
    const other = await shopper();
    await post(other, { intent: "add", article_id: 203, quantity: 1 });
    expect((await post(other, { intent: "remove", line: line! })).status).toBe(303);
    expect(cartCount(await page(owner))).toBe(1);
    expect(await lineIds(owner)).toEqual([line]);
  });

  it("a closed (paid) cart is gone: the page is empty and the next add starts a new cart", async () => {
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 1 });
    const first = (await session(me)).cartId!;
    await testEnv.STORE_DB.prepare("UPDATE carts SET closed_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), first)
      .run();
    expect(await page(me)).toContain('data-testid="cart-empty"');
    expect((await session(me)).cartId).toBeNull();
    await post(me, { intent: "add", article_id: 203, quantity: 1 });
    const second = (await session(me)).cartId!;
    expect(second).not.toBe(first);
    expect(cartCount(await page(me))).toBe(1);
  });

  it("a cart closed between page and change: the change says so and a new add works", async () => {
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 1 });
    const [line] = await lineIds(me);
    await testEnv.STORE_DB.prepare("UPDATE carts SET closed_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), (await session(me)).cartId)
      .run();
    const response = await post(me, { intent: "update", line: line!, quantity: 2 });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(es.cart.errors.cartGone);
  });
});

describe("cart guards and caching", () => {
  it("redirectEmptyCart sends a real but empty cart back to /cart; with a line, checkout opens", async () => {
    const me = await shopper();
    await post(me, { intent: "add", article_id: 201, quantity: 1 });
    expect((await visit("/checkout", { cookie: me.cookie })).status).toBe(200);
    const [line] = await lineIds(me);
    await post(me, { intent: "remove", line: line! });
    expect((await session(me)).cartId).not.toBeNull();
    const response = await visit("/checkout", { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
  });

  it("says why a customer who may not order is back on the cart", async () => {
    const me = await shopper("WPX-ES", { customer: customer({ canMakeOrders: false }) });
    expect(testId(await page(me, "/cart?blocked=1"), "cart-blocked")).toContain(es.cart.blocked);
  });

  it("cart pages are private, no-store, with or without a session", async () => {
    expect((await visit("/cart")).headers.get("cache-control")).toBe("private, no-store");
    expect((await visit("/en/cart", { brand: "TZ-ES" })).headers.get("cache-control")).toBe("private, no-store");
    const me = await shopper();
    expect((await visit("/cart", { cookie: me.cookie })).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("merging the guest cart at login", () => {
  /** The request context the login action will have: this session, its product-API client, brand and locale. */
  function loginContext(data: SessionData) {
    const context = new RouterContextProvider();
    const session = { data, update: (patch: Partial<SessionData>) => Object.assign(data, patch) };
    context.set(sessionContext, session as never);
    context.set(brandContext, brandBySlug("WPX-ES")!);
    context.set(localeContext, "es");
    context.set(apiContext, productApiAs("WPX-ES", data.fotiApiClient.extSessionId, "es"));
    return context;
  }

  it("joins the guest's lines to the customer's cart, keeps it in the session, and the cart page shows it", async () => {
    const ana = customer({ id: `c-${crypto.randomUUID().slice(0, 8)}` });
    const earlier = await shopper();
    await post(earlier, { intent: "add", article_id: 201, quantity: 2 });
    await mergeGuestCartOnLogin(loginContext(await session(earlier)), ana);

    const guest = await shopper();
    await post(guest, { intent: "add", article_id: 201, quantity: 1 });
    await post(guest, { intent: "add", article_id: 203, quantity: 1 });
    const data = await session(guest);
    const guestCart = data.cartId;
    const cart = await mergeGuestCartOnLogin(loginContext(data), ana);
    expect(cart?.itemCount).toBe(4);
    expect(data.cartId).toBe(cart?.id);
    expect(data.cartId).not.toBe(guestCart);
    const loggedIn = await shopper("WPX-ES", { ...data, customer: ana });
    const html = await page(loggedIn);
    expect(cartCount(html)).toBe(4);
    expect(html.match(/data-testid="cart-line"/g)).toHaveLength(2);
    // The guest cart is closed: the guest session alone no longer has a cart.
    expect(await page(guest)).toContain('data-testid="cart-empty"');
  });

  it("a customer without a cart and a guest without one: the session keeps no cart", async () => {
    const guest = await shopper();
    const data = await session(guest);
    expect(
      await mergeGuestCartOnLogin(loginContext(data), customer({ id: `c-${crypto.randomUUID().slice(0, 8)}` })),
    ).toBeNull();
    expect(data.cartId).toBeNull();
  });
});
