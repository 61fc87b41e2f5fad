import type { TextElement } from "@contract/creator/document";
import { printPixels, type PrintTemplate } from "@contract/creator/templates";
import { LINE_HEIGHT, MM_PER_POINT } from "./editing";

/**
 * Where the document's millimetres land in a picture of it: the print file (the whole bleed box at the template's print
 * resolution) and the small preview (the trimmed product only). Text lines are laid out here too, once for the SVG
 * editor and the Canvas print file alike, so what is printed is what was seen.
 */

export type Raster = { width: number; height: number; pxPerMm: number; originX: number; originY: number };

const MM_PER_INCH = 25.4;

/** The print file: bleed included; the document's origin (the trim corner) sits one bleed in. */
export function printRaster(template: PrintTemplate): Raster & { dpi: number } {
  const { width, height, dpi } = printPixels(template);
  const pxPerMm = dpi / MM_PER_INCH;
  return { width, height, dpi, pxPerMm, originX: template.bleedMm * pxPerMm, originY: template.bleedMm * pxPerMm };
}

/** A small picture of the trimmed product, its longer side `longSide` pixels. */
export function previewRaster(template: PrintTemplate, longSide = 600): Raster {
  const pxPerMm = longSide / Math.max(template.widthMm, template.heightMm);
  return {
    width: Math.round(template.widthMm * pxPerMm),
    height: Math.round(template.heightMm * pxPerMm),
    pxPerMm,
    originX: 0,
    originY: 0,
  };
}

/** Millimetres to the raster's pixels. */
export function toPixels(raster: Raster, x: number, y: number) {
  return { x: raster.originX + x * raster.pxPerMm, y: raster.originY + y * raster.pxPerMm };
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
