import { calendarGridBox } from "@contract/creator/calendar";
import {
  allElements,
  type DesignDocument,
  type DesignElement,
  type PageLayout,
  type PhotoElement,
} from "@contract/creator/document";
import { safeBox, type PrintTemplate } from "@contract/creator/templates";
import { freshId, LINE_HEIGHT, mapPages, MM_PER_POINT, textElement } from "./editing";

/**
 * A page's layouts: one photo, two, four, or a photo over a caption, laid out in the page's free area (the safe area;
 * on a calendar's month pages, the part above the month's grid). Choosing one replaces the page's frames with the
 * layout's and pours the page's photos into them in order; texts and artwork stay.
 */

type Box = { x: number; y: number; width: number; height: number };
const GAP = 4;
const round = (value: number) => Math.round(value * 100) / 100;

/** Where a page's frames go (top-left box, millimetres). */
export function layoutArea(document: DesignDocument, page: number, template: PrintTemplate): Box {
  const safe = safeBox(template);
  if (!document.calendar || page < 1) return safe;
  const grid = calendarGridBox(template);
  return { ...safe, height: grid.y - safe.y - GAP };
}

/** The layout's photo frames (top-left boxes) in `area`, and where its caption goes. */
export function layoutBoxes(layout: PageLayout, area: Box): { frames: Box[]; caption: Box | null } {
  const { x, y, width, height } = area;
  const half = (size: number) => (size - GAP) / 2;
  switch (layout) {
    case "one":
      return { frames: [area], caption: null };
    case "two":
      return width >= height
        ? {
            frames: [
              { x, y, width: half(width), height },
              { x: x + half(width) + GAP, y, width: half(width), height },
            ],
            caption: null,
          }
        : {
            frames: [
              { x, y, width, height: half(height) },
              { x, y: y + half(height) + GAP, width, height: half(height) },
            ],
            caption: null,
          };
    case "four":
      return {
        frames: [0, 1, 2, 3].map((cell) => ({
          x: x + (cell % 2) * (half(width) + GAP),
          y: y + Math.floor(cell / 2) * (half(height) + GAP),
          width: half(width),
          height: half(height),
        })),
        caption: null,
      };
    case "photo-text": {
      const captionHeight = Math.max(10, height * 0.2);
      return {
        frames: [{ x, y, width, height: height - captionHeight - GAP }],
        caption: { x, y: y + height - captionHeight, width, height: captionHeight },
      };
    }
  }
}

function frame(id: string, box: Box, upload: PhotoElement["upload"]): PhotoElement {
  return {
    id,
    kind: "photo",
    x: round(box.x + box.width / 2),
    y: round(box.y + box.height / 2),
    width: round(box.width),
    height: round(box.height),
    rotation: 0,
    upload,
    fit: "fill",
    zoom: 1,
    panX: 0,
    panY: 0,
  };
}

/** The layout's layers for a page: its frames (filled with `photos` in order) and, if it has one, its caption. */
export function layoutElements(
  document: DesignDocument,
  page: number,
  layout: PageLayout,
  template: PrintTemplate,
  photos: Array<PhotoElement["upload"]>,
  caption: string | null,
): DesignElement[] {
  const taken = new Set(allElements(document).map((element) => element.id));
  const id = () => {
    const fresh = freshId(taken, "e");
    taken.add(fresh);
    return fresh;
  };
  const boxes = layoutBoxes(layout, layoutArea(document, page, template));
  const elements: DesignElement[] = boxes.frames.map((box, index) => frame(id(), box, photos[index] ?? null));
  if (boxes.caption && caption !== null) {
    const text = textElement(document, template, caption, undefined, id());
    const box = boxes.caption;
    const sizePt = round(Math.min(text.sizePt, (box.height * 0.5) / MM_PER_POINT));
    elements.push({
      ...text,
      sizePt,
      x: round(box.x + box.width / 2),
      y: round(box.y + box.height / 2),
      width: round(box.width),
      height: round(sizePt * MM_PER_POINT * LINE_HEIGHT),
    });
  }
  return elements;
}

/**
 * Page `page` in `layout`: its photo frames replaced by the layout's, its photos poured into them in order (photos
 * beyond the layout's frames are left out: undo brings them back); its texts and artwork kept, a caption added when
 * the layout has one and the page has no text.
 */
export function applyLayout(
  document: DesignDocument,
  page: number,
  layout: PageLayout,
  template: PrintTemplate,
  caption: string,
): DesignDocument {
  const current = document.pages[page];
  if (!current) return document;
  const photos = current.elements.flatMap((element) => (element.kind === "photo" && element.upload ? [element] : []));
  const kept = current.elements.filter((element) => element.kind !== "photo");
  const hasText = kept.some((element) => element.kind === "text");
  const added = layoutElements(
    document,
    page,
    layout,
    template,
    photos.map((photo) => photo.upload),
    hasText ? null : caption,
  );
  const changed = mapPages(document, (elements, index) => (index === page ? [...added, ...kept] : elements));
  return {
    ...changed,
    pages: changed.pages.map((candidate, index) => (index === page ? { ...candidate, layout } : candidate)),
  };
}
