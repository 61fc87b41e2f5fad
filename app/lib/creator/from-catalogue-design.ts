import { emptyDocument, type ArtElement, type DesignDocument, type DesignElement } from "@contract/creator/document";
import { safeBox, templateFor } from "@contract/creator/templates";
import { MM_PER_POINT, textBox, roughMeasure } from "./editing";

const ART_SOURCE = /^\/images\/designs\/[a-z0-9-]{1,80}\.(svg|png|jpg|webp)$/;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * One of the shop's ready-made designs as a starting document: its artwork over the whole print area (into the bleed),
 * an empty photo frame in the middle of the safe area and the design's name as a text below it. Artwork the document
 * cannot hold (not under /images/designs/) is left out rather than refused.
 */
export function documentFromCatalogueDesign(
  design: { name: string; image: string },
  article: { id: number; kind: string },
  size: string | null,
): DesignDocument {
  const document = emptyDocument(article.id, size);
  const template = templateFor(article.kind, size, false);
  const safe = safeBox(template);
  const elements: DesignElement[] = [];
  if (ART_SOURCE.test(design.image)) {
    const art: ArtElement = {
      id: "art",
      kind: "art",
      src: design.image as ArtElement["src"],
      x: round(template.widthMm / 2),
      y: round(template.heightMm / 2),
      width: round(template.widthMm + 2 * template.bleedMm),
      height: round(template.heightMm + 2 * template.bleedMm),
      rotation: 0,
    };
    elements.push(art);
  }
  const sizePt = Math.max(8, Math.min(36, Math.round(safe.height / 8 / MM_PER_POINT)));
  const text = design.name.slice(0, 120);
  const box = textBox({ text, sizePt }, roughMeasure(sizePt));
  const textHeight = box.height;
  const frameHeight = round(Math.max(10, safe.height - textHeight - 4));
  const frameWidth = round(Math.min(safe.width, frameHeight * 1.25));
  elements.push({
    id: "photo",
    kind: "photo",
    x: round(template.widthMm / 2),
    y: round(safe.y + frameHeight / 2),
    width: frameWidth,
    height: frameHeight,
    rotation: 0,
    upload: null,
    fit: "fill",
    zoom: 1,
    panX: 0,
    panY: 0,
  });
  elements.push({
    id: "title",
    kind: "text",
    x: round(template.widthMm / 2),
    y: round(safe.y + safe.height - textHeight / 2),
    width: Math.min(box.width, round(safe.width)),
    height: textHeight,
    rotation: 0,
    text,
    font: "playfair-display",
    sizePt,
    colour: "#1f2937",
    align: "center",
    bold: true,
    italic: false,
  });
  return { ...document, pages: [{ id: "p1", layout: null, elements }] };
}
