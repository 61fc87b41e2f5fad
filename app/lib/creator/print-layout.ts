import type { PrintTemplate } from "@contract/creator/templates";
import { containPlacement, textLines } from "@contract/creator/layout";

/**
 * Where the document's millimetres land in a picture of it: the small preview (the trimmed product only), drawn in the
 * browser. The print file is the server's (workers/print-files), placed with the same contract/creator/layout.ts.
 */

export type Raster = { width: number; height: number; pxPerMm: number; originX: number; originY: number };

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

/** Text lines and artwork are placed as the server's print file places them (contract/creator/layout.ts). */
export { containPlacement, textLines };
