import type { PhotoElement, TextElement } from "./document";

/**
 * Where things sit inside an element, in its own millimetres (centre origin): a photo in its frame, the lines of a
 * text, artwork kept to its shape. The editor's SVG, its previews and the server's print file (workers/print-files)
 * all place with these, so what is printed is what was seen.
 */

/** 1 pt = 25.4 / 72 mm. */
export const MM_PER_POINT = 25.4 / 72;
/** Line height of text, in multiples of its size. */
export const LINE_HEIGHT = 1.25;

/** Where the photo's image lies in its frame's own coordinates (centre origin), after fill or fit, zoom and pan. */
export function photoPlacement(
  photo: Pick<PhotoElement, "width" | "height" | "fit" | "zoom" | "panX" | "panY"> & {
    upload: { width: number; height: number };
  },
) {
  const across = photo.width / photo.upload.width;
  const down = photo.height / photo.upload.height;
  const scale = (photo.fit === "fill" ? Math.max(across, down) : Math.min(across, down)) * photo.zoom;
  const width = photo.upload.width * scale;
  const height = photo.upload.height * scale;
  const overflowX = Math.max(0, (width - photo.width) / 2);
  const overflowY = Math.max(0, (height - photo.height) / 2);
  const centreX = -photo.panX * overflowX;
  const centreY = -photo.panY * overflowY;
  return { x: centreX - width / 2, y: centreY - height / 2, width, height, overflowX, overflowY };
}

/**
 * Where each line of a text starts (its anchor for the alignment) and its baseline, in the element's frame (centre
 * origin).
 */
export function textLines(text: Pick<TextElement, "text" | "sizePt" | "align" | "width" | "height">) {
  const size = text.sizePt * MM_PER_POINT;
  const lineBox = size * LINE_HEIGHT;
  const inset = size * 0.1;
  const x = text.align === "left" ? -text.width / 2 + inset : text.align === "right" ? text.width / 2 - inset : 0;
  const top = -text.height / 2;
  return text.text
    .split("\n")
    .map((line, index) => ({ text: line, x, baseline: top + index * lineBox + (lineBox - size) / 2 + size * 0.8 }));
}

/** The largest box of the picture's proportions that fits in the frame, centred (artwork keeps its shape). */
export function containPlacement(natural: { width: number; height: number }, frame: { width: number; height: number }) {
  const scale = Math.min(frame.width / natural.width, frame.height / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { x: -width / 2, y: -height / 2, width, height };
}
