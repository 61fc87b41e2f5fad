import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import type { CreatorDesign } from "@contract/api/creator-designs";
import { emptyDocument, type DesignDocument, type PhotoElement } from "@contract/creator/document";
import { printedPages } from "@contract/creator/pages";
import { as, creatorDesign, printOf, uploadIdFor, visitor } from "@test-setup/creator-designs";
import { read, save } from "@test-setup/creator-design-calls";
import { callApi as call } from "@test-setup/product-api";

// A design of many pages (decision 0049) goes through the product API as a single-page one does: saved, read back
// page for page, printed and put in the cart as one line.

const BOOK = 204;
const photo = (id: string, letter: string): PhotoElement => ({
  id,
  kind: "photo",
  x: 105,
  y: 105,
  width: 150,
  height: 150,
  rotation: 0,
  upload: { id: uploadIdFor(letter), width: 3000, height: 3000 },
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
});
/** A WPX-ES photo book of 21×21 cm: a cover and 24 inner pages, each with a sharp photo (about 500 DPI). */
function book(): DesignDocument {
  const letters = "abcdefghijklmnopqrstuvwxy";
  return {
    ...emptyDocument(BOOK, "21x21"),
    pages: [...letters].map((letter, index) => ({
      id: `p${index + 1}`,
      layout: "one" as const,
      elements: [photo(`e${index + 1}`, letter)],
    })),
  };
}

describe("a design of many pages", () => {
  it("is saved, read back page for page after a page moved, printed and added to the cart as one line", async () => {
    const guest = visitor();
    const first = book();
    const id = await creatorDesign(guest, first, "Verano");
    const moved = { ...first, pages: first.pages.toSpliced(2, 1).toSpliced(5, 0, first.pages[2]!) };
    expect((await save(guest, id, 1, moved)).status).toBe(200);
    const current = (await read(guest, id)).body as unknown as CreatorDesign;
    expect(current.version).toBe(2);
    expect(current.document).toEqual(moved);
    expect(printedPages(current.document).map((page) => page.id)).toEqual(moved.pages.map((page) => page.id));
    expect((await printOf(guest, id, 2)).status).toBe(200);
    const cartId = (await call("/carts", as(guest, { locale: "es" }))).body.id as string;
    const answer = await call(
      `/carts/${cartId}/lines`,
      as(guest, { locale: "es", article_id: String(BOOK), options: "40,42,44", quantity: "1", design_id: id }),
    );
    expect(answer.status).toBe(200);
    const cart = cartSchema.parse(answer.body);
    expect(cart.lines).toEqual([expect.objectContaining({ designId: id, designVersion: 2, designName: "Verano" })]);
  });

  it("is not printed with fewer or more pages than its article has", async () => {
    const guest = visitor();
    const short = { ...book(), pages: book().pages.slice(0, 4) };
    const odd = { ...book(), pages: [...book().pages, { id: "p99", layout: null, elements: [] }] };
    for (const document of [short, odd]) {
      const id = await creatorDesign(guest, document);
      const answer = await printOf(guest, id, 1);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain("inner pages");
    }
  });

  it("is refused when an element id repeats across pages or it has no page", async () => {
    const guest = visitor();
    const twice = book();
    twice.pages[3] = { ...twice.pages[3]!, elements: [photo("e1", "z")] };
    for (const document of [twice, { ...book(), pages: [] }]) {
      const answer = await call("/creator/designs", as(guest, { name: "X", document: JSON.stringify(document) }));
      expect(answer.status).toBe(400);
    }
  });
});
