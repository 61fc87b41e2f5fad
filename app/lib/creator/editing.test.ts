import { describe, expect, it } from "vitest";
import { designDocumentSchema, emptyDocument, MAX_ELEMENTS } from "@contract/creator/document";
import { designQuality } from "@contract/creator/quality";
import { printTemplate, templateFor } from "@contract/creator/templates";
import {
  addPhoto,
  addText,
  moveLayer,
  newElementId,
  nudge,
  relayout,
  removeElement,
  textBox,
  updateElement,
} from "./editing";
import { documentFromCatalogueDesign } from "./from-catalogue-design";

const upload = { id: "up_aaaaaaaaaaaaaaaaaaaaaaaa", width: 3000, height: 2000 };

describe("editing a document", () => {
  it("adds a photo frame in the photo's proportions inside the safe area, and text; every result is a valid document", () => {
    const template = printTemplate("poster", "30x40");
    let document = emptyDocument(206, "30x40");
    const photo = addPhoto(document, 0, template, upload);
    document = photo.document;
    const frame = document.pages[0]!.elements[0]!;
    expect(frame.width / frame.height).toBeCloseTo(1.5);
    const text = addText(document, 0, template, "Hello");
    document = text.document;
    expect(document.pages[0]!.elements.map((element) => element.kind)).toEqual(["photo", "text"]);
    expect(designDocumentSchema.safeParse(document).success).toBe(true);
    expect(designQuality(document, template).elements.every((element) => !element.outsideSafeArea)).toBe(true);
  });

  it("reorders, nudges, updates and removes by id", () => {
    const template = printTemplate("photo-prints", null);
    let document = emptyDocument(101, null);
    const a = addPhoto(document, 0, template, null);
    const b = addText(a.document, 0, template, "b");
    document = moveLayer(b.document, a.id, 1);
    expect(document.pages[0]!.elements.map((element) => element.id)).toEqual([b.id, a.id]);
    expect(moveLayer(document, a.id, 1)).toBe(document);
    document = nudge(document, b.id, 1, -2);
    expect(document.pages[0]!.elements[0]).toMatchObject({
      x: b.document.pages[0]!.elements[1]!.x + 1,
      y: b.document.pages[0]!.elements[1]!.y - 2,
    });
    document = updateElement(document, b.id, { kind: "photo", rotation: 15 } as never);
    expect(document.pages[0]!.elements[0]).toMatchObject({ kind: "text", rotation: 15 });
    expect(removeElement(document, b.id).pages[0]!.elements.map((element) => element.id)).toEqual([a.id]);
  });

  it("never grows past MAX_ELEMENTS and makes ids that are not taken", () => {
    const template = printTemplate("mug", null);
    let document = emptyDocument(103, null);
    for (let index = 0; index < MAX_ELEMENTS + 3; index++)
      document = addText(document, 0, template, `${index}`).document;
    expect(document.pages[0]!.elements).toHaveLength(MAX_ELEMENTS);
    expect(new Set(document.pages[0]!.elements.map((element) => element.id)).size).toBe(MAX_ELEMENTS);
    const sequence = [0.5, 0.5, 0.25];
    const id = newElementId(
      {
        ...document,
        pages: [
          {
            id: "p1",
            layout: null,
            elements: [{ ...document.pages[0]!.elements[0]!, id: `e${Math.floor(0.5 * 36 ** 6).toString(36)}` }],
          },
        ],
      },
      () => sequence.shift()!,
    );
    expect(id).toBe(`e${Math.floor(0.25 * 36 ** 6).toString(36)}`);
  });

  it("sizes a text box from its lines", () => {
    expect(textBox({ text: "ab\nabcd", sizePt: 72 }, (line) => line.length * 10)).toEqual({
      width: 45.08,
      height: 63.5,
    });
  });

  it("lays a design out again for another size, keeping proportions", () => {
    const template = templateFor("poster", "30x40", false);
    const document = addText(emptyDocument(206, "30x40"), 0, template, "x").document;
    const turned = relayout(document, "poster", "30x40", true);
    expect(turned).toMatchObject({ size: "30x40", landscape: true });
    const [before, after] = [document.pages[0]!.elements[0]!, turned.pages[0]!.elements[0]!];
    expect(after.x).toBeCloseTo((before.x * 400) / 300, 1);
    expect(after.width).toBeCloseTo(before.width * 0.75, 1);
    expect(relayout(document, "poster", "30x40", false).pages[0]!.elements).toBe(document.pages[0]!.elements);
  });
});

describe("a catalogue design as a starting document", () => {
  it("puts its artwork over the print area, a photo frame and its name as a text, as a valid document", () => {
    const article = { id: 202, kind: "canvas" };
    const document = documentFromCatalogueDesign(
      { name: "Birthday confetti", image: "/images/designs/birthday-confetti.svg" },
      article,
      "30x40",
    );
    expect(designDocumentSchema.safeParse(document).success).toBe(true);
    expect(document).toMatchObject({ articleId: 202, size: "30x40", landscape: false });
    const [art, photo, title] = document.pages[0]!.elements;
    expect(art).toMatchObject({
      kind: "art",
      src: "/images/designs/birthday-confetti.svg",
      x: 150,
      y: 200,
      width: 310,
      height: 410,
    });
    expect(photo).toMatchObject({ kind: "photo", upload: null });
    expect(title).toMatchObject({ kind: "text", text: "Birthday confetti" });
    const quality = designQuality(document, templateFor("canvas", "30x40", false));
    expect(quality.elements.filter((element) => element.outsideSafeArea).map((element) => element.id)).toEqual([]);
  });

  it("leaves out artwork the document cannot hold", () => {
    const document = documentFromCatalogueDesign(
      { name: "X", image: "https://elsewhere.example/x.svg" },
      { id: 103, kind: "mug" },
      null,
    );
    expect(document.pages[0]!.elements.map((element) => element.kind)).toEqual(["photo", "text"]);
    expect(designDocumentSchema.safeParse(document).success).toBe(true);
  });
});
