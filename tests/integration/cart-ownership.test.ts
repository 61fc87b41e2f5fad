import { productApiAs } from "../setup/checkout";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { mergeGuestCartOnLogin } from "~/lib/cart/merge.server";
import { apiContext, brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import type { SessionData } from "~/lib/session/data";
import es from "@locales/es/cart.json";
import { customer, testEnv, visit } from "../setup/app";
import { text, testId, cartCount, shopper, session, post, page, lineIds } from "./cart-shopper";

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
