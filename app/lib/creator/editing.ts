import {
  allElements,
  MAX_ELEMENTS,
  type DesignDocument,
  type DesignElement,
  type DesignPage,
  type PhotoElement,
  type TextElement,
} from "@contract/creator/document";
import { LINE_HEIGHT, MM_PER_POINT } from "@contract/creator/layout";
import { safeBox, templateFor, type PrintTemplate } from "@contract/creator/templates";

/**
 * The changes the creator makes to a document's layers, each returning a new document (for undo) and never a broken
 * one. Element ids are unique across the document, so a change by id needs no page; adding one names its page (an
 * index into `pages`). Changes to the pages themselves: page-editing.ts.
 */

/** The type's units, as the print file uses them (contract/creator/layout.ts). */
export { LINE_HEIGHT, MM_PER_POINT };

const round = (value: number) => Math.round(value * 100) / 100;

/** A fresh id made with `prefix`, not in `taken`. */
export function freshId(taken: Set<string>, prefix: string, random: () => number = Math.random): string {
  for (;;) {
    const id = `${prefix}${Math.floor(random() * 36 ** 6).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

/** A fresh element id, unused on any page of the document. */
export function newElementId(document: DesignDocument, random: () => number = Math.random): string {
  return freshId(new Set(allElements(document).map((element) => element.id)), "e", random);
}

/** The element with that id, on whichever page it is. */
export function findElement(document: DesignDocument, id: string | null): DesignElement | undefined {
  if (!id) return undefined;
  for (const page of document.pages) {
    const found = page.elements.find((element) => element.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Each page's layers changed by `change` (a page it leaves as it was keeps its identity, for the thumbnails). */
export function mapPages(
  document: DesignDocument,
  change: (elements: DesignElement[], index: number) => DesignElement[],
): DesignDocument {
  let changed = false;
  const pages = document.pages.map((page, index): DesignPage => {
    const elements = change(page.elements, index);
    if (elements === page.elements) return page;
    changed = true;
    return { ...page, elements };
  });
  return changed ? { ...document, pages } : document;
}

export const isFull = (document: DesignDocument, page: number) =>
  (document.pages[page]?.elements.length ?? MAX_ELEMENTS) >= MAX_ELEMENTS;

function add(document: DesignDocument, page: number, element: DesignElement): DesignDocument {
  if (isFull(document, page)) return document;
  return mapPages(document, (elements, index) => (index === page ? [...elements, element] : elements));
}

/** A photo frame centred in the safe area, sized to the photo's proportions (or a third of the area, empty). */
export function photoFrame(
  document: DesignDocument,
  template: PrintTemplate,
  upload: PhotoElement["upload"],
  id = newElementId(document),
): PhotoElement {
  const safe = safeBox(template);
  const share = 0.7;
  let width = safe.width * share;
  let height = safe.height * share;
  if (upload) {
    const ratio = upload.width / upload.height;
    if (width / height > ratio) width = height * ratio;
    else height = width / ratio;
  }
  return {
    id,
    kind: "photo",
    x: round(template.widthMm / 2),
    y: round(template.heightMm / 2),
    width: round(width),
    height: round(height),
    rotation: 0,
    upload,
    fit: "fill",
    zoom: 1,
    panX: 0,
    panY: 0,
  };
}

/** A new frame; each further one sits a step down and right of the last, so none hides another exactly. */
export function addPhoto(
  document: DesignDocument,
  page: number,
  template: PrintTemplate,
  upload: PhotoElement["upload"],
): { document: DesignDocument; id: string } {
  const centred = photoFrame(document, template, upload);
  const photos = document.pages[page]?.elements.filter((element) => element.kind === "photo").length ?? 0;
  const step = (photos % 4) * Math.min(12, template.widthMm * 0.05);
  const frame = { ...centred, x: round(centred.x + step), y: round(centred.y + step) };
  return { document: add(document, page, frame), id: frame.id };
}

/** The text's box from its lines (`measure` gives a line's width in millimetres at the element's font and size). */
export function textBox(
  text: Pick<TextElement, "text" | "sizePt">,
  measure: (line: string) => number,
): { width: number; height: number } {
  const lines = text.text.split("\n");
  const size = text.sizePt * MM_PER_POINT;
  const width = Math.max(size, ...lines.map((line) => measure(line))) + size * 0.2;
  return { width: round(width), height: round(lines.length * size * LINE_HEIGHT) };
}

/** A rough width for a line before the web font can be measured (about half an em per character). */
export const roughMeasure = (sizePt: number) => (line: string) => line.length * sizePt * MM_PER_POINT * 0.55;

export function textElement(
  document: DesignDocument,
  template: PrintTemplate,
  text: string,
  measure?: (line: string) => number,
  id = newElementId(document),
): TextElement {
  const safe = safeBox(template);
  const sizePt = Math.max(8, Math.min(48, Math.round(safe.height / 6 / MM_PER_POINT)));
  const base = { text, sizePt };
  const box = textBox(base, measure ?? roughMeasure(sizePt));
  return {
    id,
    kind: "text",
    x: round(template.widthMm / 2),
    y: round(safe.y + safe.height * 0.85 - box.height / 2),
    width: box.width,
    height: box.height,
    rotation: 0,
    text,
    font: "roboto",
    sizePt,
    colour: "#1f2937",
    align: "center",
    bold: false,
    italic: false,
  };
}

export function addText(
  document: DesignDocument,
  page: number,
  template: PrintTemplate,
  text: string,
  measure?: (line: string) => number,
): { document: DesignDocument; id: string } {
  const element = textElement(document, template, text, measure);
  return { document: add(document, page, element), id: element.id };
}

export function updateElement(document: DesignDocument, id: string, change: Partial<DesignElement>): DesignDocument {
  return mapPages(document, (elements) =>
    elements.some((element) => element.id === id)
      ? elements.map((element) =>
          element.id === id ? ({ ...element, ...change, id, kind: element.kind } as DesignElement) : element,
        )
      : elements,
  );
}

export function removeElement(document: DesignDocument, id: string): DesignDocument {
  return mapPages(document, (elements) =>
    elements.some((element) => element.id === id) ? elements.filter((element) => element.id !== id) : elements,
  );
}

/** One layer up (+1, towards the front) or down (-1), on its page. */
export function moveLayer(document: DesignDocument, id: string, step: 1 | -1): DesignDocument {
  return mapPages(document, (elements) => {
    const index = elements.findIndex((element) => element.id === id);
    const target = index + step;
    if (index < 0 || target < 0 || target >= elements.length) return elements;
    const moved = [...elements];
    [moved[index], moved[target]] = [moved[target]!, moved[index]!];
    return moved;
  });
}

export function nudge(document: DesignDocument, id: string, dx: number, dy: number): DesignDocument {
  const element = findElement(document, id);
  if (!element) return document;
  return updateElement(document, id, { x: round(element.x + dx), y: round(element.y + dy) });
}

/**
 * The document laid out for another size (or turned): positions follow the trim area's proportions and sizes scale by
 * the smaller ratio, so nothing is stretched.
 */
export function relayout(
  document: DesignDocument,
  kind: string,
  size: string | null,
  landscape: boolean,
): DesignDocument {
  const from = templateFor(kind, document.size, document.landscape);
  const to = templateFor(kind, size, landscape);
  if (from.widthMm === to.widthMm && from.heightMm === to.heightMm) return { ...document, size, landscape };
  const sx = to.widthMm / from.widthMm;
  const sy = to.heightMm / from.heightMm;
  const scale = Math.min(sx, sy);
  const moved = mapPages(document, (elements) =>
    elements.map((element) => {
      const moved = {
        ...element,
        x: round(element.x * sx),
        y: round(element.y * sy),
        width: round(element.width * scale),
        height: round(element.height * scale),
      };
      return element.kind === "text" ? { ...moved, sizePt: Math.max(4, round(element.sizePt * scale)) } : moved;
    }),
  );
  return { ...moved, size, landscape };
}
