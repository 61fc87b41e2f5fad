import { bleedBox, type PrintTemplate } from "@contract/creator/templates";

/**
 * How large a photo the browser sends for a print (decision 0047): the long side of the article's print area with its
 * bleed, at the template's print resolution, times CROP_HEADROOM, so that a customer who crops or zooms into the
 * photo (down to two thirds of its width) still prints at that resolution. A 12-megapixel phone photo (4032 x 3024)
 * for a 10 x 15 cm print (154 mm at 300 DPI: 1819 px, 2729 px with the headroom) goes as 2729 x 2047, a third of
 * its pixels; for a 70 x 100 cm poster (1006 mm at 150 DPI: 8912 px) it goes whole. Never enlarged.
 */
export const CROP_HEADROOM = 1.5;

const MM_PER_INCH = 25.4;

/** The longest side, in pixels, a photo needs for this print area. */
export function photoLongSideFor(template: PrintTemplate): number {
  const box = bleedBox(template);
  return Math.ceil((Math.max(box.width, box.height) / MM_PER_INCH) * template.printDpi * CROP_HEADROOM);
}

/** The size to send a photo of `width` x `height` at: null when it is within `longSide` already (sent as it is). */
export function sizeToSend(width: number, height: number, longSide: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= longSide) return null;
  const scale = longSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
