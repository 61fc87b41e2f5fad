import { describe, expect, it } from "vitest";
import { ProductApiClient } from "../../app/lib/product-api/client";
import { cartSchema, promotionResultSchema, type Cart } from "../../app/lib/product-api/cart";
import { testEnv } from "../setup/app";

/** The cart through the real chain: client, api-proxy, product API, D1. */
function shopper(extSessionId: string = crypto.randomUUID()) {
  const api = new ProductApiClient({
    transport: (request) => testEnv.API.fetch(request),
    brand: "WPX-ES",
    locale: "es",
    extSessionId,
    cacheable: false,
    clientCallsEnabled: false,
  });
  return {
    create: () => api.post("/carts", { site: "WPX-ES", locale: "es" }, cartSchema),
    view: (id: string) => api.get(`/carts/${id}`, { locale: "es" }, cartSchema),
    add: (id: string, line: { article_id: number; options?: string; quantity: number }) => api.post(`/carts/${id}/lines`, { locale: "es", ...line }, cartSchema),
    change: (id: string, line: number, quantity: number, options?: string) => api.post(`/carts/${id}/lines/${line}`, { locale: "es", quantity, options }, cartSchema),
    remove: (id: string, line: number) => api.delete(`/carts/${id}/lines/${line}`, { locale: "es" }, cartSchema),
    promote: (id: string, code: string) => api.post(`/carts/${id}/promotion`, { locale: "es", code }, promotionResultSchema),
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function offer(code: string, fields: { discount?: number; startsAt?: string; endsAt?: string; minOrder?: number; articles?: number[] }) {
  const id = 90_000 + Math.floor(Math.random() * 9_000);
  await testEnv.STORE_DB.prepare("INSERT INTO offers (id, site, code, discount_percent, starts_at, ends_at, min_order) VALUES (?, 'WPX-ES', ?, ?, ?, ?, ?)")
    .bind(id, code, fields.discount ?? 10, fields.startsAt ?? day(-1), fields.endsAt ?? day(30), fields.minOrder ?? 0)
    .run();
  for (const article of fields.articles ?? []) await testEnv.STORE_DB.prepare("INSERT INTO offer_articles (offer_id, article_id) VALUES (?, ?)").bind(id, article).run();
  return code;
}

describe("cart lines in the product API", () => {
  it("adds, merges, re-prices with options and quantity tiers, and removes", async () => {
    const me = shopper();
    const empty = await me.create();
    expect(empty).toMatchObject({ lines: [], itemCount: 0, subtotal: 0, shipping: 0, total: 0, currency: "EUR" });
    // Photo prints 201: 9,95 €; 13x18 adds 6 €, premium paper 3 €; 3 or more: 10 % off, 10 or more: 20 %.
    let cart = await me.add(empty.id, { article_id: 201, options: "28,34", quantity: 1 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ name: "Pack de fotos reveladas", unitPrice: 1895, quantity: 1, total: 1895, discountPercent: 0 });
    expect(cart.lines[0]!.options.map((option) => option.code).sort()).toEqual(["13x18", "premium"]);
    cart = await me.add(empty.id, { article_id: 201, options: "34,28", quantity: 2 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ quantity: 3, discountPercent: 10, total: 5117 });
    cart = await me.change(empty.id, cart.lines[0]!.id, 10);
    expect(cart.lines[0]).toMatchObject({ quantity: 10, discountPercent: 20, total: 15160 });
    cart = await me.add(empty.id, { article_id: 203, quantity: 1 });
    expect(cart.itemCount).toBe(11);
    cart = await me.remove(empty.id, cart.lines[0]!.id);
    expect(cart.lines.map((line) => line.articleId)).toEqual([203]);
  });

  it("adds shipping below the free-shipping amount and shows the VAT the total includes", async () => {
    const me = shopper();
    const { id } = await me.create();
    const small = await me.add(id, { article_id: 201, quantity: 1 });
    expect(small.shipping).toBe(495);
    expect(small.total).toBe(small.subtotal + 495);
    expect(small.vatRate).toBe(21);
    expect(small.vat).toBe(Math.round((small.total * 21) / 121));
    const big = await me.change(id, small.lines[0]!.id, 10);
    expect(big.subtotal).toBeGreaterThanOrEqual(5000);
    expect(big.shipping).toBe(0);
  });

  it("refuses options that are not the article's, or two of one group", async () => {
    const me = shopper();
    const { id } = await me.create();
    await expect(me.add(id, { article_id: 201, options: "28,29", quantity: 1 })).rejects.toMatchObject({ init: { status: 500 }, data: { data: { error: { code: 4000 } } } });
    await expect(me.add(id, { article_id: 201, options: "9999", quantity: 1 })).rejects.toMatchObject({ init: { status: 500 } });
    await expect(me.add(id, { article_id: 101, quantity: 1 })).rejects.toMatchObject({ init: { status: 500 } });
  });

  it("keeps a cart to the session that made it", async () => {
    const { id } = await shopper("owner-session").create();
    await expect(shopper("someone-else").view(id)).rejects.toMatchObject({ init: { status: 500 }, data: { data: { error: { code: 5001 } } } });
    await expect(shopper("someone-else").add(id, { article_id: 201, quantity: 1 })).rejects.toMatchObject({ init: { status: 500 } });
    expect((await shopper("owner-session").view(id)).id).toBe(id);
  });
});

describe("promotion codes", () => {
  async function cartWith(quantity: number): Promise<[ReturnType<typeof shopper>, Cart]> {
    const me = shopper();
    const { id } = await me.create();
    return [me, await me.add(id, { article_id: 201, quantity })];
  }

  it("applies a valid code, case-insensitive, to the whole cart", async () => {
    const code = await offer(`HOY${Date.now() % 100000}`, { discount: 10 });
    const [me, cart] = await cartWith(2);
    const result = await me.promote(cart.id, code.toLowerCase());
    expect(result.state).toBe("APPLIED");
    expect(result.cart.promotion).toEqual({ code, discountPercent: 10, amount: Math.floor(cart.subtotal / 10) });
    expect(result.cart.total).toBe(cart.subtotal - Math.floor(cart.subtotal / 10) + result.cart.shipping);
    expect((await me.view(cart.id)).promotion?.code).toBe(code);
  });

  it("says expired, not applicable and unknown, and changes nothing", async () => {
    const expired = await offer(`OLD${Date.now() % 100000}`, { startsAt: day(-60), endsAt: day(-1) });
    const notYet = await offer(`SOON${Date.now() % 100000}`, { startsAt: day(5), endsAt: day(30) });
    const minimum = await offer(`MIN${Date.now() % 100000}`, { minOrder: 1_000_000 });
    const otherArticles = await offer(`CANVAS${Date.now() % 100000}`, { articles: [202] });
    const [me, cart] = await cartWith(1);
    expect((await me.promote(cart.id, expired)).state).toBe("EXPIRED");
    expect((await me.promote(cart.id, notYet)).state).toBe("EXPIRED");
    expect((await me.promote(cart.id, minimum)).state).toBe("NOT_APPLICABLE");
    expect((await me.promote(cart.id, otherArticles)).state).toBe("NOT_APPLICABLE");
    const unknown = await me.promote(cart.id, "NO-SUCH-CODE");
    expect(unknown.state).toBe("UNKNOWN");
    expect(unknown.cart.promotion).toBeNull();
  });

  it("discounts only the articles a code is for", async () => {
    const code = await offer(`PRINTS${Date.now() % 100000}`, { discount: 50, articles: [201] });
    const me = shopper();
    const { id } = await me.create();
    await me.add(id, { article_id: 201, quantity: 1 });
    const cart = await me.add(id, { article_id: 203, quantity: 1 });
    const result = await me.promote(id, code);
    const prints = cart.lines.find((line) => line.articleId === 201)!;
    expect(result.cart.promotion?.amount).toBe(Math.floor(prints.total / 2));
  });
});
