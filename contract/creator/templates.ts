/**
 * What the creator prints on: an article's print area, drawn to scale. Millimetres throughout; the origin is the top
 * left corner of the finished (trimmed) size, so the bleed lies at negative coordinates and past the width and height.
 */

/** How the printed sheet becomes the product, for the mock-up and for what a shopper must keep clear of. */
const PRINT_SHAPES = ["sheet", "canvas", "wrap"] as const;
type PrintShape = (typeof PRINT_SHAPES)[number];

export type PrintTemplate = {
  /** The article kind it was made for (photo-prints, canvas, mug...), which picks the mock-up. */
  kind: string;
  /** The finished size. */
  widthMm: number;
  heightMm: number;
  /** Printed past the trim line on every side, cut off (or wrapped round a canvas frame). */
  bleedMm: number;
  /** Kept clear inside the trim line for text and faces. */
  safeMm: number;
  /** A canvas's edge wrapped round its frame (inside the finished size's outer band); 0 for other shapes. */
  edgeMm: number;
  shape: PrintShape;
  /** The resolution the print file is made at (lowered for very large formats, see `printPixels`). */
  printDpi: number;
  /**
   * Whether the printer wants crop marks: drawn on the print file outside the bleed (its page then grows by
   * `CROP_MARK_SLUG_MM` on every side; the bleed and trim boxes stay the template's). Posters, canvases, calendars and
   * cushions are cut by hand from a larger sheet; photo prints, books and mugs go through machines that cut to the
   * trim box.
   */
  cropMarks: boolean;
};

/** The band round the bleed that holds the crop marks, where a template wants them. */
export const CROP_MARK_SLUG_MM = 10;

const MM_PER_INCH = 25.4;
/** Browsers' largest canvas (iOS Safari's 16.7 million pixels): a print file is rendered in one. */
export const MAX_PRINT_PIXELS = 16_000_000;

const SHEET_SIZES: Record<string, [number, number]> = { a4: [210, 297], a3: [297, 420] };

/** `"30x40"` (cm) or `"a4"` to millimetres, portrait; null for a code that is no size (a puzzle's piece count). */
export function sizeInMm(code: string | null | undefined): [number, number] | null {
  if (!code) return null;
  const sheet = SHEET_SIZES[code.toLowerCase()];
  if (sheet) return sheet;
  const match = /^(\d{1,3})x(\d{1,3})$/.exec(code);
  return match ? [Number(match[1]) * 10, Number(match[2]) * 10] : null;
}

type KindRule = {
  size: [number, number];
  shape: PrintShape;
  bleedMm: number;
  safeMm: number;
  edgeMm: number;
  printDpi: number;
  cropMarks: boolean;
};

/** Per article kind: the size used when the article has no size option, and how it is printed. */
const KIND_RULES: Record<string, KindRule> = {
  "photo-prints": {
    size: [100, 150],
    shape: "sheet",
    bleedMm: 2,
    safeMm: 4,
    edgeMm: 0,
    printDpi: 300,
    cropMarks: false,
  },
  poster: { size: [300, 400], shape: "sheet", bleedMm: 3, safeMm: 8, edgeMm: 0, printDpi: 150, cropMarks: true },
  canvas: { size: [300, 400], shape: "canvas", bleedMm: 5, safeMm: 25, edgeMm: 20, printDpi: 150, cropMarks: true },
  "photo-book": {
    size: [210, 210],
    shape: "sheet",
    bleedMm: 3,
    safeMm: 10,
    edgeMm: 0,
    printDpi: 300,
    cropMarks: false,
  },
  calendar: { size: [210, 297], shape: "sheet", bleedMm: 3, safeMm: 8, edgeMm: 0, printDpi: 300, cropMarks: true },
  cushion: { size: [400, 400], shape: "sheet", bleedMm: 10, safeMm: 25, edgeMm: 0, printDpi: 150, cropMarks: true },
  mug: { size: [200, 85], shape: "wrap", bleedMm: 2, safeMm: 5, edgeMm: 0, printDpi: 300, cropMarks: false },
  "magic-mug": { size: [200, 85], shape: "wrap", bleedMm: 2, safeMm: 5, edgeMm: 0, printDpi: 300, cropMarks: false },
  "enamel-mug": { size: [200, 80], shape: "wrap", bleedMm: 2, safeMm: 5, edgeMm: 0, printDpi: 300, cropMarks: false },
};
const FALLBACK_RULE = KIND_RULES["photo-prints"]!;

/**
 * The print area of an article of `kind` in the size `sizeCode` (its size option's code). A size option decides the
 * size; a mug's wrap is landscape whatever the option. Unknown kinds print as a photo print.
 */
export function printTemplate(kind: string, sizeCode?: string | null): PrintTemplate {
  const rule = KIND_RULES[kind] ?? FALLBACK_RULE;
  const size = rule.shape === "wrap" ? rule.size : (sizeInMm(sizeCode) ?? rule.size);
  return {
    kind,
    widthMm: size[0],
    heightMm: size[1],
    bleedMm: rule.bleedMm,
    safeMm: rule.safeMm,
    edgeMm: rule.edgeMm,
    shape: rule.shape,
    printDpi: rule.printDpi,
    cropMarks: rule.cropMarks,
  };
}

/** The same template turned a quarter (a landscape print of a portrait size); wraps do not turn. */
export function turned(template: PrintTemplate): PrintTemplate {
  return template.shape === "wrap" ? template : { ...template, widthMm: template.heightMm, heightMm: template.widthMm };
}

/** The printed sheet including bleed, in millimetres. */
export function bleedBox(template: PrintTemplate) {
  return {
    x: -template.bleedMm,
    y: -template.bleedMm,
    width: template.widthMm + 2 * template.bleedMm,
    height: template.heightMm + 2 * template.bleedMm,
  };
}

/** Where text and faces are safe from the cut (and, on a canvas, from the frame's edge). */
export function safeBox(template: PrintTemplate) {
  const inset = template.safeMm;
  return { x: inset, y: inset, width: template.widthMm - 2 * inset, height: template.heightMm - 2 * inset };
}

/**
 * The print file's pixel size and resolution: the template's DPI over the bleed box, lowered where the file would
 * exceed what a browser can draw in one canvas (`MAX_PRINT_PIXELS`).
 */
export function printPixels(template: PrintTemplate): { width: number; height: number; dpi: number } {
  const box = bleedBox(template);
  const squareInches = (box.width / MM_PER_INCH) * (box.height / MM_PER_INCH);
  const dpi = Math.min(template.printDpi, Math.floor(Math.sqrt(MAX_PRINT_PIXELS / squareInches)));
  return {
    width: Math.round((box.width / MM_PER_INCH) * dpi),
    height: Math.round((box.height / MM_PER_INCH) * dpi),
    dpi,
  };
}

/** The template a design is laid out on: its article's kind, the size it chose, and whether it turned it. */
export function templateFor(kind: string, size: string | null, landscape: boolean): PrintTemplate {
  const template = printTemplate(kind, size);
  return landscape ? turned(template) : template;
}
