import { describe, expect, it } from "vitest";
import {
  cartMergeResultSchema,
  cartSchema,
  cartSummarySchema,
  promotionResultSchema,
  type Cart,
} from "@contract/api/cart";
import { testEnv } from "@test-setup/app";
import { productApiAs } from "@test-setup/checkout";

/** The cart through the real chain: client, api-proxy, product API, D1. */
function shopper(extSessionId: string = crypto.randomUUID(), customerId?: string) {
  const api = productApiAs("WPX-ES", extSessionId, "es");
  const who = { customer_id: customerId };
  return {
    create: () => api.post("/carts", { site: "WPX-ES", locale: "es", ...who }, cartSchema),
    view: (id: string) => api.get(`/carts/${id}`, { locale: "es", ...who }, cartSchema),
    summary: (id: string) => api.get(`/carts/${id}/summary`, who, cartSummarySchema),
    add: (id: string, line: { article_id: number; options?: string; quantity: number; design_id?: string }) =>
      api.post(`/carts/${id}/lines`, { locale: "es", ...who, ...line }, cartSchema),
    change: (id: string, line: number, quantity: number, options?: string) =>
      api.post(`/carts/${id}/lines/${line}`, { locale: "es", quantity, options, ...who }, cartSchema),
    remove: (id: string, line: number) =>
      api.delete(`/carts/${id}/lines/${line}`, { locale: "es", ...who }, cartSchema),
    promote: (id: string, code: string) =>
      api.post(`/carts/${id}/promotion`, { locale: "es", code, ...who }, promotionResultSchema),
    unpromote: (id: string) => api.delete(`/carts/${id}/promotion`, { locale: "es", ...who }, cartSchema),
    merge: (customer: string, guestCartId?: string) =>
      api.post(
        "/carts/merge",
        { locale: "es", site: "WPX-ES", customer_id: customer, guest_cart_id: guestCartId },
        cartMergeResultSchema,
      ),
  };
}

/** The client's ProductApiError for a call the product API refused: its status and error code. */
const refused = (status: number, code: number) => ({ name: "ProductApiError", status, code });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function offer(
  code: string,
  fields: { discount?: number; startsAt?: string; endsAt?: string; minOrder?: number; articles?: number[] },
) {
  // The database numbers the offer: random ids collided now and then across a file's offers.
  const { id } = (await testEnv.STORE_DB.prepare(
    "INSERT INTO offers (site, code, discount_percent, starts_at, ends_at, min_order) VALUES ('WPX-ES', ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(code, fields.discount ?? 10, fields.startsAt ?? day(-1), fields.endsAt ?? day(30), fields.minOrder ?? 0)
    .first<{ id: number }>())!;
  for (const article of fields.articles ?? [])
    await testEnv.STORE_DB.prepare("INSERT INTO offer_articles (offer_id, article_id) VALUES (?, ?)")
      .bind(id, article)
      .run();
  return code;
}

describe("cart lines in the product API", () => {
  it("adds, merges, re-prices with options and quantity tiers, and removes", async () => {
    const me = shopper();
    const empty = await me.create();
    expect(empty).toMatchObject({
      lines: [],
      itemCount: 0,
      totals: { subtotal: 0, promotion: null, shipping: 0, vat: 0, total: 0 },
      currency: "EUR",
    });
    // Photo prints 201: 9,95 €; 13x18 adds 6 €, premium paper 3 €; 3 or more: 10 % off, 10 or more: 20 %.
    let cart = await me.add(empty.id, { article_id: 201, options: "28,34", quantity: 1 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      name: "Pack de fotos reveladas",
      unitPrice: 1895,
      quantity: 1,
      total: 1895,
      discountPercent: 0,
    });
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

  it("counts lines and items cheaply for the header", async () => {
    const me = shopper();
    const { id } = await me.create();
    expect(await me.summary(id)).toEqual({ id, lineCount: 0, itemCount: 0 });
    await me.add(id, { article_id: 201, quantity: 3 });
    await me.add(id, { article_id: 203, quantity: 2 });
    expect(await me.summary(id)).toEqual({ id, lineCount: 2, itemCount: 5 });
    await expect(shopper().summary(id)).rejects.toMatchObject(refused(404, 5001));
  });

  it("caps a line at 999", async () => {
    const me = shopper();
    const { id } = await me.create();
    await me.add(id, { article_id: 203, quantity: 900 });
    expect((await me.add(id, { article_id: 203, quantity: 900 })).lines[0]!.quantity).toBe(999);
  });

  it("adds shipping below the free-shipping amount, says how far that amount is, and shows the VAT the total includes", async () => {
    const me = shopper();
    const { id } = await me.create();
    expect((await me.view(id)).freeShippingRemaining).toBe(5000);
    const small = await me.add(id, { article_id: 201, quantity: 1 });
    expect(small.totals.shipping).toBe(495);
    expect(small.totals.total).toBe(small.totals.subtotal + 495);
    expect(small.totals.vatRate).toBe(21);
    expect(small.totals.vat).toBe(Math.round((small.totals.total * 21) / 121));
    expect(small.freeShippingRemaining).toBe(5000 - small.totals.subtotal);
    const big = await me.change(id, small.lines[0]!.id, 10);
    expect(big.totals.subtotal).toBeGreaterThanOrEqual(5000);
    expect(big.totals.shipping).toBe(0);
    expect(big.totals.total).toBe(big.totals.subtotal);
    expect(big.freeShippingRemaining).toBe(0);
  });

  it("refuses options that are not the article's, or two of one group", async () => {
    const me = shopper();
    const { id } = await me.create();
    await expect(me.add(id, { article_id: 201, options: "28,29", quantity: 1 })).rejects.toMatchObject(
      refused(400, 4000),
    );
    await expect(me.add(id, { article_id: 201, options: "9999", quantity: 1 })).rejects.toMatchObject(
      refused(400, 4000),
    );
    await expect(me.add(id, { article_id: 101, quantity: 1 })).rejects.toMatchObject(refused(400, 4000));
    expect((await me.view(id)).lines).toEqual([]);
  });

  it("keeps a cart to the session that made it", async () => {
    const { id } = await shopper("owner-session").create();
    await expect(shopper("someone-else").view(id)).rejects.toMatchObject(refused(404, 5001));
    await expect(shopper("someone-else").add(id, { article_id: 201, quantity: 1 })).rejects.toMatchObject(
      refused(404, 5001),
    );
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
    expect(result.cart.totals.promotion).toEqual({
      code,
      discountPercent: 10,
      amount: Math.floor(cart.totals.subtotal / 10),
    });
    expect(result.cart.totals.total).toBe(
      cart.totals.subtotal - Math.floor(cart.totals.subtotal / 10) + result.cart.totals.shipping,
    );
    expect(result.cart.freeShippingRemaining).toBe(
      Math.max(0, 5000 - (cart.totals.subtotal - Math.floor(cart.totals.subtotal / 10))),
    );
    expect((await me.view(cart.id)).totals.promotion?.code).toBe(code);
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
    expect(unknown.cart.totals.promotion).toBeNull();
  });

  it("discounts only the articles a code is for", async () => {
    const code = await offer(`PRINTS${Date.now() % 100000}`, { discount: 50, articles: [201] });
    const me = shopper();
    const { id } = await me.create();
    await me.add(id, { article_id: 201, quantity: 1 });
    const cart = await me.add(id, { article_id: 203, quantity: 1 });
    const result = await me.promote(id, code);
    const prints = cart.lines.find((line) => line.articleId === 201)!;
    expect(result.cart.totals.promotion?.amount).toBe(Math.floor(prints.total / 2));
  });
});

async function closeCart(id: string) {
  await testEnv.STORE_DB.prepare("UPDATE carts SET closed_at = ? WHERE id = ?")
    .bind(new Date().toISOString(), id)
    .run();
}

describe("closed carts", () => {
  it("are neither shown nor changed once their order is paid", async () => {
    const me = shopper();
    const { id } = await me.create();
    const cart = await me.add(id, { article_id: 201, quantity: 1 });
    await closeCart(id);
    const gone = refused(404, 5001);
    await expect(me.view(id)).rejects.toMatchObject(gone);
    await expect(me.summary(id)).rejects.toMatchObject(gone);
    await expect(me.add(id, { article_id: 201, quantity: 1 })).rejects.toMatchObject(gone);
    await expect(me.change(id, cart.lines[0]!.id, 5)).rejects.toMatchObject(gone);
    await expect(me.remove(id, cart.lines[0]!.id)).rejects.toMatchObject(gone);
    await expect(me.promote(id, "ANY")).rejects.toMatchObject(gone);
    const row = await testEnv.STORE_DB.prepare("SELECT quantity FROM cart_lines WHERE cart_id = ?")
      .bind(id)
      .first<{ quantity: number }>();
    expect(row?.quantity).toBe(1);
  });
});

describe("customer carts and the merge at login", () => {
  const customerId = () => `c-${crypto.randomUUID().slice(0, 8)}`;

  it("adopts the guest cart when the customer has no open cart, which then follows the customer, not the session", async () => {
    const guest = shopper();
    const { id } = await guest.create();
    await guest.add(id, { article_id: 201, quantity: 2 });
    const customer = customerId();
    const merged = await guest.merge(customer, id);
    expect(merged.cart?.id).toBe(id);
    expect(merged.cart?.itemCount).toBe(2);
    // The same session without the customer (logged out) no longer sees it; the customer does, from another session.
    await expect(guest.view(id)).rejects.toMatchObject(refused(404, 5001));
    expect((await shopper(crypto.randomUUID(), customer).view(id)).itemCount).toBe(2);
    await expect(shopper(crypto.randomUUID(), customerId()).view(id)).rejects.toMatchObject(refused(404, 5001));
  });

  it("moves the guest's lines into the customer's cart: same lines add up (to 999), the code is kept, the guest cart closes", async () => {
    const customer = customerId();
    const earlier = shopper(crypto.randomUUID(), customer);
    const own = await earlier.create();
    await earlier.add(own.id, { article_id: 201, options: "28,34", quantity: 2 });
    await earlier.add(own.id, { article_id: 203, quantity: 990 });
    const code = await offer(`MERGE${Date.now() % 100000}`, { discount: 10 });
    const guest = shopper();
    const { id } = await guest.create();
    await guest.add(id, { article_id: 201, options: "34,28", quantity: 1 });
    await guest.add(id, { article_id: 203, quantity: 20 });
    await guest.add(id, { article_id: 201, quantity: 4, design_id: "d-1" });
    expect((await guest.promote(id, code)).state).toBe("APPLIED");

    const { cart } = await guest.merge(customer, id);
    expect(cart?.id).toBe(own.id);
    const line = (article: number, design: string | null, options: string[]) =>
      cart!.lines.find(
        (l) =>
          l.articleId === article &&
          l.designId === design &&
          l.options
            .map((o) => o.code)
            .sort()
            .join() === options.join(),
      );
    expect(line(201, null, ["13x18", "premium"])?.quantity).toBe(3);
    expect(line(203, null, [])?.quantity).toBe(999);
    expect(line(201, "d-1", [])?.quantity).toBe(4);
    expect(cart!.lines).toHaveLength(3);
    expect(cart!.totals.promotion?.code).toBe(code);
    await expect(guest.view(id)).rejects.toMatchObject(refused(404, 5001));
    const closed = await testEnv.STORE_DB.prepare("SELECT closed_at FROM carts WHERE id = ?")
      .bind(id)
      .first<{ closed_at: string | null }>();
    expect(closed?.closed_at).not.toBeNull();
  });

  it("keeps the customer's own promotion code over the guest's", async () => {
    const customer = customerId();
    const first = await offer(`MINE${Date.now() % 100000}`, { discount: 5 });
    const second = await offer(`GUEST${Date.now() % 100000}`, { discount: 50 });
    const earlier = shopper(crypto.randomUUID(), customer);
    const own = await earlier.create();
    await earlier.add(own.id, { article_id: 201, quantity: 1 });
    await earlier.promote(own.id, first);
    const guest = shopper();
    const { id } = await guest.create();
    await guest.add(id, { article_id: 203, quantity: 1 });
    await guest.promote(id, second);
    expect((await guest.merge(customer, id)).cart?.totals.promotion?.code).toBe(first);
  });

  it("gives the customer's open cart when the guest had none, null when neither had one", async () => {
    const customer = customerId();
    expect((await shopper().merge(customer)).cart).toBeNull();
    const earlier = shopper(crypto.randomUUID(), customer);
    const own = await earlier.create();
    expect((await shopper().merge(customer)).cart?.id).toBe(own.id);
    // Another session's guest cart cannot be merged by naming its id.
    const stranger = shopper();
    const theirs = await stranger.create();
    await stranger.add(theirs.id, { article_id: 201, quantity: 1 });
    expect((await shopper().merge(customer, theirs.id)).cart?.id).toBe(own.id);
    expect((await stranger.view(theirs.id)).itemCount).toBe(1);
  });

  it("gives a customer one open cart per site: creating again returns it", async () => {
    const customer = customerId();
    const first = await shopper(crypto.randomUUID(), customer).create();
    expect((await shopper(crypto.randomUUID(), customer).create()).id).toBe(first.id);
  });
});
