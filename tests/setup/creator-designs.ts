import type { DesignDocument, LegacyDocument } from "@contract/creator/document";
import { callApi } from "./product-api";

/**
 * Creator designs as the storefront makes them through the product API: a visitor, a document, a design, its print
 * record (its checks, as it goes to the cart).
 */

/** A WPX-ES photo mug (kind `mug`, no size option). */
export const MUG = 203;

export type Visitor = { site: string; ext_session_id: string; customer_id?: string };

/** A guest's product-API session on WPX-ES; with `customerId`, the same session signed in. */
export const visitor = (customerId?: string): Visitor => ({
  site: "WPX-ES",
  ext_session_id: crypto.randomUUID(),
  ...(customerId ? { customer_id: customerId } : {}),
});

/** The fields a call about the visitor's designs sends (as the storefront's creatorDesignsApi does). */
export const as = (who: Visitor, fields: Record<string, string> = {}): Record<string, string> => ({
  ...who,
  ...fields,
});

export const uploadIdFor = (letter: string) => `up_${letter.repeat(24)}`;

/**
 * A mug's document, in format 1 (as designs saved before documents had pages are kept): a photo frame well inside the safe area holding a photo sharp enough (253 DPI), one so small it
 * blocks the print (76 DPI), or none; and a line of text.
 */
export function mugDocument(photo: "sharp" | "blurry" | "none" = "sharp", text = "Para la abuela"): LegacyDocument {
  const pixels = photo === "sharp" ? { width: 1000, height: 800 } : { width: 300, height: 240 };
  return {
    format: 1,
    articleId: MUG,
    size: null,
    landscape: false,
    background: "#ffffff",
    elements: [
      ...(photo === "none"
        ? []
        : [
            {
              id: "p1",
              kind: "photo" as const,
              x: 100,
              y: 42.5,
              width: 100,
              height: 70,
              rotation: 0,
              upload: { id: uploadIdFor("a"), ...pixels },
              fit: "fill" as const,
              zoom: 1,
              panX: 0,
              panY: 0,
            },
          ]),
      {
        id: "t1",
        kind: "text" as const,
        x: 100,
        y: 70,
        width: 80,
        height: 10,
        rotation: 0,
        text,
        font: "roboto" as const,
        sizePt: 14,
        colour: "#222222",
        align: "center" as const,
        bold: false,
        italic: false,
      },
    ],
  };
}

/** A design the visitor made; its id. */
export async function creatorDesign(
  who: Visitor,
  document: DesignDocument | LegacyDocument = mugDocument(),
  name = "Taza de la abuela",
) {
  const answer = await callApi("/creator/designs", as(who, { name, document: JSON.stringify(document) }));
  if (answer.status !== 201)
    throw new Error(`Creating a design answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

/** Records the version's print record (the preflight runs) with its preview; the answer. */
export function printOf(who: Visitor, id: string, version = 1, fields: Record<string, string> = {}) {
  return callApi(
    `/creator/designs/${id}/print`,
    as(who, { version: String(version), preview_upload: uploadIdFor("v"), ...fields }),
  );
}
