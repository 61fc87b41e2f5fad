import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import { orderSchema } from "@contract/api/orders";
import options from "@locales/es/options.json";
import { masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { productApiAs } from "../setup/checkout";
import { MUG } from "../setup/creator-designs";
import { ES_CHECKOUT, saveCheckout } from "../setup/orders";
import { addBook, bookOf, printedBook } from "../setup/photo-books";
import { pageText } from "./html";

// The account's list of orders names each order's first product; a photo book there says its pages as the order page,
// the cart and the invoice do ("32 páginas (8 adicionales)"), for the buyer and for the company account above them.

/** An order of the account `buyerId`: a 32-page photo book and a mug, in that order; its public id. */
async function bookOrderOf(buyerId: string) {
  const extSessionId = crypto.randomUUID();
  const who = { site: "WPX-ES", ext_session_id: extSessionId };
  const api = productApiAs("WPX-ES", extSessionId, "es");
  const cart = await api.post("/carts", { site: "WPX-ES", locale: "es" }, cartSchema);
  const book = await printedBook(who, bookOf(32));
  expect((await addBook(who, cart.id, book)).status).toBe(200);
  await api.post(`/carts/${cart.id}/lines`, { locale: "es", article_id: MUG, quantity: 1 }, cartSchema);
  await saveCheckout(cart.id, ES_CHECKOUT);
  const order = await api.post(
    "/orders",
    { cart_id: cart.id, locale: "es", site_url: "http://wpx-es.localhost" },
    orderSchema,
  );
  expect(order.lines[0]).toMatchObject({ designId: book, innerPages: 32, extraPages: 8 });
  await testEnv.STORE_DB.prepare("UPDATE orders SET customer_id = ? WHERE public_id = ?")
    .bind(buyerId, order.publicId)
    .run();
  return order.publicId;
}

/** The text of the order's row in the list: what it holds, in the list's own words. */
function rowOf(html: string, publicId: string) {
  const start = html.indexOf(`data-public-id="${publicId}"`);
  expect(start, `order ${publicId} listed`).toBeGreaterThan(0);
  const row = html.slice(start, html.indexOf("</li>", start));
  return pageText(/data-testid="order-lines">([\s\S]*?)<\/p>/.exec(row)?.[1] ?? "").trim();
}

describe("a photo book in the account's list of orders", () => {
  it("says its pages and the extra ones, in the shop's language, to the buyer and to the company account", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const publicId = await bookOrderOf(buyer.id);
    const pages = `${options.options.pages_other.replace("{{count}}", "32")} (${options.options.extraPages_other.replace("{{count}}", "8")})`;
    expect(pages).toBe("32 páginas (8 adicionales)");
    for (const account of [buyer, master]) {
      const response = await visit("/accounts/orders", { cookie: await signedInAs(account) });
      expect(response.status).toBe(200);
      const html = await response.text();
      const row = rowOf(html, publicId);
      // "1 × Fotolibro · 32 páginas (8 adicionales) y 1 producto más"
      expect(row).toMatch(/^1 × .+ · 32 páginas \(8 adicionales\) y 1 producto más$/);
      expect(row).toContain(pages);
      // Never broken across lines on a phone: its spaces are no-break spaces.
      expect(html).toContain(pages.replaceAll(" ", "\u00a0"));
    }
  });
});
