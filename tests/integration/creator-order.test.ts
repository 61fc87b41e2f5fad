import { describe, expect, it } from "vitest";
import { uploadResultSchema } from "@contract/api/uploads";
import cartEs from "@locales/es/cart.json";
import { sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { MUG, MUG_PRINT, mugDocument } from "../setup/creator-designs";
import { ES_CHECKOUT, location, saveCheckout } from "../setup/orders";
import { submitPaymentStep } from "../setup/place-order";
import { JPEG_800X600, pngOf, sampleBytes } from "../setup/upload-samples";
import { readableHtml } from "./html";

// A design from the creator to an order, through the storefront: saved, its print file checked (the visitor's own
// files, at the print size), in the cart with its preview, and kept by the order, whose pages show the preview to those
// who may see the order.

async function guest() {
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId: crypto.randomUUID() } });
  const upload = async (bytes: Uint8Array) => {
    const body = new FormData();
    body.set("img", new File([bytes as Uint8Array<ArrayBuffer>], "design.png", { type: "image/png" }));
    const answer = await visit("/images/upload", { method: "POST", body, cookie });
    expect(answer.status).toBe(201);
    return uploadResultSchema.parse(await answer.json()).id;
  };
  const post = (fields: Record<string, string>, as = cookie) =>
    visit(`/create/${MUG}`, {
      method: "POST",
      cookie: as,
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  return { cookie, upload, post };
}

const designNamed = async (name: string) =>
  (await testEnv.STORE_DB.prepare("SELECT id FROM designs WHERE name = ?").bind(name).first<{ id: string }>())!;

describe("a creator design bought through the storefront", () => {
  it("goes to the cart with its preview once its print file (the visitor's own, at the print size) is recorded, and its order keeps it", async () => {
    const shopper = await guest();
    const name = `Taza ${crypto.randomUUID().slice(0, 8)}`;
    expect((await shopper.post({ intent: "save", name, document: JSON.stringify(mugDocument()) })).status).toBe(200);
    const design = await designNamed(name);
    const printFile = await shopper.upload(pngOf(MUG_PRINT.width, MUG_PRINT.height));
    const preview = await shopper.upload(sampleBytes(JPEG_800X600));
    const cartFields = { intent: "add-to-cart", design_id: design.id, version: "1", quantity: "1" };

    // Someone else's files, or a file that is not the print size, are no print file.
    const stranger = await guest();
    const theirs = await stranger.upload(pngOf(MUG_PRINT.width, MUG_PRINT.height));
    for (const [fields, status] of [
      [{ print_upload: theirs, preview_upload: preview }, 422],
      [{ print_upload: preview, preview_upload: preview }, 422],
    ] as const) {
      expect((await shopper.post({ ...cartFields, ...fields })).status).toBe(status);
    }
    // Nor is the design anyone's but its maker's.
    expect((await stranger.post({ ...cartFields, print_upload: theirs, preview_upload: theirs })).status).toBe(404);
    expect(
      await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS lines FROM cart_lines WHERE design_id = ?")
        .bind(design.id)
        .first("lines"),
    ).toBe(0);

    const added = await shopper.post({ ...cartFields, print_upload: printFile, preview_upload: preview });
    expect(added.status).toBe(303);
    expect(location(added)).toBe("/cart?added=1");
    const cookie = sessionCookieFrom(added) ?? shopper.cookie;
    const cart = await (await visit("/cart", { cookie })).text();
    // Its preview, resized, offered as avif and webp before the JPG.
    expect(cart).toContain(`srcSet="/images/uploads/${preview}/320.avif"`);
    expect(cart).toContain(`src="/images/uploads/${preview}/320.jpg"`);
    expect(readableHtml(cart)).toContain(cartEs.cart.line.yourDesign.replace("{{name}}", name));
    expect(cart).toContain(`href="/create/${MUG}?design=${design.id}"`);

    const cartId = (await testEnv.STORE_DB.prepare("SELECT cart_id AS cartId FROM cart_lines WHERE design_id = ?")
      .bind(design.id)
      .first<{ cartId: string }>())!.cartId;
    await saveCheckout(cartId, ES_CHECKOUT);
    const placed = await submitPaymentStep(cookie);
    expect(placed.status).toBe(303);
    const paidCookie = sessionCookieFrom(placed) ?? cookie;
    const order = (await testEnv.STORE_DB.prepare(
      "SELECT o.public_id AS publicId, l.design_print AS print, l.design_preview AS preview FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.design_id = ?",
    )
      .bind(design.id)
      .first<{ publicId: string; print: string; preview: string }>())!;
    expect(order).toMatchObject({ print: printFile, preview });

    // The order's pages read the order's own copy: its session sees the preview on tracking and at
    // /tracking/{id}/designs/{upload}.
    const previewPath = `/tracking/${order.publicId}/designs/${preview}`;
    await expect.poll(async () => (await visit(previewPath, { cookie: paidCookie })).status).toBe(200);
    expect((await visit(previewPath, { cookie: paidCookie })).headers.get("content-type")).toBe("image/jpeg");
    expect(await (await visit(`/tracking/${order.publicId}`, { cookie: paidCookie })).text()).toContain(
      `src="${previewPath}/320.jpg"`,
    );
    const resized = await visit(`${previewPath}/320.webp`, { cookie: paidCookie });
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/webp");
    expect((await visit(`${previewPath}/321.webp`, { cookie: paidCookie })).status).toBe(404);
    // Anyone else is sent to the order lookup; a file the order does not show is not found.
    const other = await visit(previewPath, { cookie: stranger.cookie });
    expect(other.status).toBe(302);
    expect(location(other)).toContain("/tracking?public_id=");
    expect((await visit(`/tracking/${order.publicId}/designs/${printFile}`, { cookie: paidCookie })).status).toBe(404);
    expect((await visit(`/tracking/${order.publicId}/designs/not-an-upload`, { cookie: paidCookie })).status).toBe(404);
  });
});
