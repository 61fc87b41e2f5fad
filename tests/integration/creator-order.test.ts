import { describe, expect, it } from "vitest";
import { uploadResultSchema } from "@contract/api/uploads";
import cartEs from "@locales/es/cart.json";
import { sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { MUG, mugDocument } from "../setup/creator-designs";
import { ES_CHECKOUT, location, saveCheckout } from "../setup/orders";
import { submitPaymentStep } from "../setup/place-order";
import { JPEG_800X600, pngOf, sampleBytes } from "../setup/upload-samples";
import { TEST_SECRETS } from "../setup/secrets";
import { readableHtml } from "./html";

// A design from the creator to an order, through the storefront: saved, its preflight passed, in the cart with its
// preview, and kept by the order, whose pages show the preview to those who may see the order; once placed, the
// print-files worker makes the line's PDF from the order's own copy of the photo (through the queue), and the
// operator downloads it.

const operator = (path: string, token = TEST_SECRETS.apiToken) =>
  visit(`/api/operator${path}`, { headers: { origin: "", authorization: `Bearer ${token}` } });

async function guest() {
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId: crypto.randomUUID() } });
  const upload = async (bytes: Uint8Array, name = "design.png") => {
    const body = new FormData();
    body.set("img", new File([bytes as Uint8Array<ArrayBuffer>], name));
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

/**
 * The mug's document with the shopper's own photo in its frame: as uploaded (800 x 600, 203 ppi in the frame), or
 * declared as the blurry one (300 x 240: 76 ppi).
 */
function withPhoto(photo: string, quality: "sharp" | "blurry" = "sharp") {
  const document = mugDocument(quality);
  const pixels = quality === "sharp" ? { width: 800, height: 600 } : { width: 300, height: 240 };
  return {
    ...document,
    elements: document.elements.map((element) =>
      element.kind === "photo" ? { ...element, upload: { id: photo, ...pixels } } : element,
    ),
  };
}

describe("a creator design bought through the storefront", () => {
  it("is refused at the cart with the page and the element when a photo is too blurry, and nothing goes to the cart", async () => {
    const shopper = await guest();
    const name = `Taza ${crypto.randomUUID().slice(0, 8)}`;
    const photo = await shopper.upload(sampleBytes(JPEG_800X600), "IMG_0042.jpg");
    const document = withPhoto(photo, "blurry");
    expect((await shopper.post({ intent: "save", name, document: JSON.stringify(document) })).status).toBe(200);
    const design = await designNamed(name);
    const preview = await shopper.upload(sampleBytes(JPEG_800X600));
    const fields = {
      intent: "add-to-cart",
      design_id: design.id,
      version: "1",
      quantity: "1",
      preview_upload: preview,
    };
    expect((await shopper.post(fields)).status).toBe(422);
    // The action's data, as the editor's fetcher reads it: the refusal and its one problem, page 1's photo p1 at 76 ppi.
    const answer = await (
      await visit(`/create/${MUG}.data`, {
        method: "POST",
        cookie: shopper.cookie,
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
    ).text();
    for (const part of ["creator.errors.blocked", '"problems"', '"resolution"', '"p1"', "76", '"minDpi"', "100"])
      expect(answer).toContain(part);
    expect(
      await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS lines FROM cart_lines WHERE design_id = ?")
        .bind(design.id)
        .first("lines"),
    ).toBe(0);
  });

  it("goes to the cart with its preview once its checks pass, its order keeps it, and its print file is made on the server", async () => {
    const shopper = await guest();
    const name = `Taza ${crypto.randomUUID().slice(0, 8)}`;
    const photo = await shopper.upload(sampleBytes(JPEG_800X600), "IMG_0042.jpg");
    expect((await shopper.post({ intent: "save", name, document: JSON.stringify(withPhoto(photo)) })).status).toBe(200);
    const design = await designNamed(name);
    const preview = await shopper.upload(sampleBytes(JPEG_800X600));
    const cartFields = { intent: "add-to-cart", design_id: design.id, version: "1", quantity: "1" };

    // Someone else's preview is no preview, and the design is nobody's but its maker's.
    const stranger = await guest();
    const theirs = await stranger.upload(pngOf(600, 255));
    expect((await shopper.post({ ...cartFields, preview_upload: theirs })).status).toBe(422);
    expect((await stranger.post({ ...cartFields, preview_upload: theirs })).status).toBe(404);
    expect(
      await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS lines FROM cart_lines WHERE design_id = ?")
        .bind(design.id)
        .first("lines"),
    ).toBe(0);

    const added = await shopper.post({ ...cartFields, preview_upload: preview });
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
    // No print file from the browser any more: the server makes it.
    expect(order).toMatchObject({ print: null, preview });

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
    expect((await visit(`/tracking/${order.publicId}/designs/${photo}`, { cookie: paidCookie })).status).toBe(404);
    expect((await visit(`/tracking/${order.publicId}/designs/not-an-upload`, { cookie: paidCookie })).status).toBe(404);

    // Placed: the line's print file is made from the order's copy of the original photo (its very bytes), then the
    // operator downloads it; without the operator's token there is nothing there.
    const status = `/prints/${order.publicId}/1/status`;
    await expect.poll(async () => (await operator(status)).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect(await (await operator(status)).json()).toMatchObject({ state: "made", pages: 1, reason: null });
    const pdf = await operator(`/prints/${order.publicId}/1`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes.subarray(0, 8))).toBe("%PDF-1.6");
    expect(indexOfBytes(bytes, sampleBytes(JPEG_800X600))).toBeGreaterThan(0);
    for (const token of ["", "wrong"]) expect((await operator(`/prints/${order.publicId}/1`, token)).status).toBe(404);
    expect((await operator(`/prints/${order.publicId}/2`)).status).toBe(404);
    expect((await operator(`/prints/${order.publicId}/x/status`)).status).toBe(404);
  });
});

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array) {
  outer: for (let at = 0; at + needle.length <= haystack.length; at++) {
    for (let index = 0; index < needle.length; index++) if (haystack[at + index] !== needle[index]) continue outer;
    return at;
  }
  return -1;
}
