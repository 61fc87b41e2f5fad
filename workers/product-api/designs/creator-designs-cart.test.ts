import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import { orderSchema } from "@contract/api/orders";
import { emptyDocument } from "@contract/creator/document";
import { testEnv } from "@test-setup/app";
import {
  as,
  creatorDesign,
  MUG,
  mugDocument,
  printOf,
  uploadIdFor,
  visitor,
  type Visitor,
} from "@test-setup/creator-designs";
import { ES_CHECKOUT, shopperWithCheckout } from "@test-setup/orders";
import { callApi as call, withQuery } from "@test-setup/product-api";
import { save } from "@test-setup/creator-design-calls";

// Designs made in the creator: a visitor's own, versioned, printed before they go to the cart; nobody else's exists.

describe("a cart line with a creator design", () => {
  const cartOf = async (who: Visitor) => (await call("/carts", as(who, { locale: "es" }))).body.id as string;
  const addLine = (who: Visitor, cartId: string, fields: Record<string, string>) =>
    call(`/carts/${cartId}/lines`, as(who, { locale: "es", article_id: String(MUG), quantity: "1", ...fields }));

  it("is refused before the design is printed, for someone else's design, for another article and for a malformed id", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const unprinted = await creatorDesign(guest);
    const theirs = await creatorDesign(visitor());
    const otherSession = visitor();
    await printOf(otherSession, theirs);
    for (const [what, fields] of [
      ["not printed", { design_id: unprinted }],
      ["someone else's", { design_id: theirs }],
      ["another article", { design_id: unprinted, article_id: "201" }],
      ["malformed", { design_id: "cd_nope" }],
    ] as const) {
      const answer = await addLine(guest, cartId, fields);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error?.code, what).toBe(4000);
    }
    expect(
      ((await call(withQuery(`/carts/${cartId}`, as(guest, { locale: "es" })))).body.lines as unknown[]).length,
    ).toBe(0);
  });

  it("carries the printed version, the design's name and its preview; a catalogue design's id works as before", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const id = await creatorDesign(guest);
    await printOf(guest, id);
    await save(guest, id, 1);
    const cart = cartSchema.parse((await addLine(guest, cartId, { design_id: id })).body);
    expect(cart.lines).toEqual([
      expect.objectContaining({
        designId: id,
        designVersion: 1,
        designName: "Taza de la abuela",
        designPreview: uploadIdFor("v"),
      }),
    ]);
    const withCatalogue = cartSchema.parse((await addLine(guest, cartId, { design_id: "d-203-wedding-florals" })).body);
    expect(withCatalogue.lines[1]).toMatchObject({
      designId: "d-203-wedding-florals",
      designVersion: null,
      designName: null,
      designPreview: null,
    });
  });

  it("keeps the size its print file was made for: the finish may change, the size may not", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const poster = {
      ...emptyDocument(206, "50x70"),
      pages: [
        { id: "p1", layout: null, elements: mugDocument().elements.map((element) => ({ ...element, x: 250, y: 350 })) },
      ],
    };
    const id = await creatorDesign(guest, poster, "Póster");
    expect((await printOf(guest, id, 1)).status).toBe(200);
    const cart = cartSchema.parse(
      (
        await call(
          `/carts/${cartId}/lines`,
          as(guest, { locale: "es", article_id: "206", options: "49,51", quantity: "1", design_id: id }),
        )
      ).body,
    );
    const line = cart.lines[0]!;
    const change = (options: string) =>
      call(`/carts/${cartId}/lines/${line.id}`, as(guest, { locale: "es", quantity: "2", options }));
    expect((await change("49,52")).status).toBe(200);
    const refused = await change("50,52");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("keeps the size");
    const kept = cartSchema.parse((await call(withQuery(`/carts/${cartId}`, as(guest, { locale: "es" })))).body);
    expect(kept.lines[0]!.options.map((option) => option.code)).toEqual(["50x70", "gloss"]);
  });

  it("goes into the order with its version, name and preview, kept as ordered when the design changes or is deleted", async () => {
    const shopper = await shopperWithCheckout(ES_CHECKOUT);
    const who = { site: "WPX-ES", ext_session_id: shopper.extSessionId };
    const id = await creatorDesign(who, mugDocument(), "Taza del abuelo");
    await printOf(who, id);
    const cart = await shopper.api.post(
      `/carts/${shopper.cartId}/lines`,
      { locale: "es", article_id: MUG, quantity: 2, design_id: id },
      cartSchema,
    );
    expect(cart.lines.find((line) => line.designId === id)).toMatchObject({
      designVersion: 1,
      designName: "Taza del abuelo",
      designPreview: uploadIdFor("v"),
    });
    const order = await shopper.api.post(
      "/orders",
      { cart_id: shopper.cartId, locale: "es", site_url: "http://wpx-es.localhost" },
      orderSchema,
    );
    const expected = {
      designId: id,
      designVersion: 1,
      designName: "Taza del abuelo",
      designPreview: uploadIdFor("v"),
      quantity: 2,
    };
    expect(order.lines).toContainEqual(expect.objectContaining(expected));
    const stored = await testEnv.STORE_DB.prepare("SELECT design_print AS print FROM order_lines WHERE design_id = ?")
      .bind(id)
      .first<{ print: string }>();
    // The print file is made on the server for the ordered line (docs/decisions/0048): the line names none.
    expect(stored!.print).toBeNull();
    await call(`/creator/designs/${id}/rename`, as(who, { name: "Otro nombre" }));
    await call(`/creator/designs/${id}/delete`, as(who));
    const again = await shopper.api.get(`/orders/${order.publicId}`, {}, orderSchema);
    expect(again.lines).toContainEqual(expect.objectContaining(expected));
  });
});
