import { expect } from "vitest";
import { emptyDocument } from "@contract/creator/document";
import { printPixels, templateFor } from "@contract/creator/templates";
import { as, creatorDesign, uploadIdFor, type Visitor } from "./creator-designs";
import { callApi } from "./product-api";

// A photo book (WPX-ES's article 204, 30x30 cm) as the creator saves it and sends it to the cart, for the tests of its
// pages: 24 inner pages included, each one more at the article's extra-page price (docs/decisions/0050).

export const BOOK = 204;
const SIZE_30 = 41;
const BOOK_PRINT = printPixels(templateFor("photo-book", "30x30", false));

/** A photo book's document of a cover and `inner` pages (the document of pages, format 2), as the creator saves it. */
export const bookOf = (inner: number) => ({
  ...emptyDocument(BOOK, "30x30"),
  pages: Array.from({ length: inner + 1 }, (_, index) => ({ id: `p${index + 1}`, layout: null, elements: [] })),
  calendar: null,
});

/**
 * The version's print record as the creator asks for it when it goes to the cart. The browser's print file and its
 * pixels are sent too, for an API that still takes them (docs/decisions/0048 stopped asking; extra fields are dropped).
 */
export const recordPrint = (who: Visitor, id: string) =>
  callApi(
    `/creator/designs/${id}/print`,
    as(who, {
      version: "1",
      preview_upload: uploadIdFor("v"),
      print_upload: uploadIdFor("p"),
      width: String(BOOK_PRINT.width),
      height: String(BOOK_PRINT.height),
    }),
  );

/** A printed photo book of the visitor's; its id. */
export async function printedBook(who: Visitor, document: object) {
  const id = await creatorDesign(who, document as never, "Vacaciones 2026");
  expect((await recordPrint(who, id)).status).toBe(200);
  return id;
}

/** The book into the cart, 30x30 cm, as the storefront's cart action asks for it. */
export const addBook = (who: Visitor, cartId: string, id: string, quantity = 1) =>
  callApi(
    `/carts/${cartId}/lines`,
    as(who, {
      locale: "es",
      article_id: String(BOOK),
      options: String(SIZE_30),
      quantity: String(quantity),
      design_id: id,
    }),
  );
