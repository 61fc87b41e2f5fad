import type { DesignDocument, DesignElement, PhotoElement } from "./document";
import { bleedBox, safeBox, type PrintTemplate } from "./templates";

/**
 * Print quality of a design, the same in the creator (as the shopper works) and on the server (when the print file is
 * made and the line goes to the cart): each photo's effective DPI at its printed size, and what strays out of the
 * safe area.
 */

/** Below `warnBelowDpi` a photo is flagged; below `blockBelowDpi` the design cannot go to the cart. */
const PRINT_QUALITY = { warnBelowDpi: 150, blockBelowDpi: 100 } as const;
/** The least effective resolution a photo may print at (a design with less is refused at the cart). */
export const MIN_PRINT_DPI = PRINT_QUALITY.blockBelowDpi;

type QualityLevel = "ok" | "warn" | "block";
/** `page`: its page's number, 1 for the first (the cover where the product has one). */
export type ElementQuality = {
  id: string;
  page: number;
  dpi: number | null;
  level: QualityLevel;
  outsideSafeArea: boolean;
};
type DesignQuality = { elements: ElementQuality[]; blocking: boolean; warnings: number };

const MM_PER_INCH = 25.4;

/**
 * Millimetres one of the photo's pixels covers in its frame: fill covers the frame, fit shows all of it; zooming in
 * enlarges each pixel.
 */
function millimetresPerPixel(photo: PhotoElement & { upload: NonNullable<PhotoElement["upload"]> }): number {
  const across = photo.width / photo.upload.width;
  const down = photo.height / photo.upload.height;
  return (photo.fit === "fill" ? Math.max(across, down) : Math.min(across, down)) * photo.zoom;
}

/** The photo's effective DPI as printed, or null for an empty frame. */
export function photoDpi(photo: PhotoElement): number | null {
  if (!photo.upload) return null;
  return Math.floor(MM_PER_INCH / millimetresPerPixel({ ...photo, upload: photo.upload }));
}

export function dpiLevel(dpi: number | null): QualityLevel {
  if (dpi === null || dpi >= PRINT_QUALITY.warnBelowDpi) return "ok";
  return dpi < PRINT_QUALITY.blockBelowDpi ? "block" : "warn";
}

/** An element's turned box, as the smallest upright rectangle round it. */
function boundsOf(element: DesignElement) {
  const radians = (element.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = element.width * cos + element.height * sin;
  const height = element.width * sin + element.height * cos;
  return {
    left: element.x - width / 2,
    top: element.y - height / 2,
    right: element.x + width / 2,
    bottom: element.y + height / 2,
  };
}

const EPSILON = 0.01;

/**
 * Whether the cut or the frame's edge would take part of it: text must sit inside the safe area; a photo or artwork
 * may run off the sheet into the bleed (full bleed is normal), but one that ends between the safe line and the bleed's
 * edge will be cut off part-way.
 */
export function outsideSafeArea(element: DesignElement, template: PrintTemplate): boolean {
  const bounds = boundsOf(element);
  const safe = safeBox(template);
  const sheet = bleedBox(template);
  const sides: Array<[number, number, number, 1 | -1]> = [
    [bounds.left, safe.x, sheet.x, -1],
    [bounds.top, safe.y, sheet.y, -1],
    [bounds.right, safe.x + safe.width, sheet.x + sheet.width, 1],
    [bounds.bottom, safe.y + safe.height, sheet.y + sheet.height, 1],
  ];
  return sides.some(([edge, safeLine, sheetEdge, outward]) => {
    const pastSafe = (edge - safeLine) * outward > EPSILON;
    if (!pastSafe) return false;
    if (element.kind === "text") return true;
    const reachesSheetEdge = (edge - sheetEdge) * outward >= -EPSILON;
    return !reachesSheetEdge;
  });
}

/** Every element's checks on every page, and whether any blocks the design from going to the cart. */
export function designQuality(document: DesignDocument, template: PrintTemplate): DesignQuality {
  const elements = document.pages.flatMap((page, index) =>
    page.elements.map((element): ElementQuality => {
      const dpi = element.kind === "photo" ? photoDpi(element) : null;
      const outside = outsideSafeArea(element, template);
      return { id: element.id, page: index + 1, dpi, level: dpiLevel(dpi), outsideSafeArea: outside };
    }),
  );
  return {
    elements,
    blocking: elements.some((element) => element.level === "block"),
    warnings: elements.filter((element) => element.level === "warn" || element.outsideSafeArea).length,
  };
}
