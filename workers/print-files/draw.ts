import type { ArtElement, DesignElement, PhotoElement, TextElement } from "@contract/creator/document";
import { MM_PER_POINT, photoPlacement, textLines } from "@contract/creator/layout";
import { PrintFonts } from "./fonts";
import { num } from "./pdf-writer";
import { shownSize, type EmbeddedPhoto } from "./photos";

/**
 * A page's content stream, drawn in the document's own millimetres: the page's first operator turns PDF's points (y up,
 * origin bottom left) into millimetres from the trim's top left (y down), so every element is drawn exactly as the
 * editor's SVG places it (centre, turn clockwise, then its own frame). Photos are clipped to their frame by the PDF
 * (`W n`), never cropped in pixels.
 */

export const PT_PER_MM = 72 / 25.4;

/** Turned clockwise about the origin, in a y-down frame (SVG's rotate). */
const turn = (degrees: number) => {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} 0 0 cm`;
};

/**
 * The image's unit square (PDF: first row at the top, y up) onto a box shown upright in a y-down frame, for each EXIF
 * orientation: [u from a, u from b, u offset, v from a, v from b, v offset], where (u, v) are the box's fractions.
 */
const ORIENTATION: Record<number, [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 0, -1, 1],
  2: [-1, 0, 1, 0, -1, 1],
  3: [-1, 0, 1, 0, 1, 0],
  4: [1, 0, 0, 0, 1, 0],
  5: [0, -1, 1, 1, 0, 0],
  6: [0, 1, 0, 1, 0, 0],
  7: [0, 1, 0, -1, 0, 1],
  8: [0, -1, 1, -1, 0, 1],
};

/** The `cm` that draws an image XObject of this orientation upright into the box (x, y, width, height). */
export function imageMatrix(orientation: number, box: { x: number; y: number; width: number; height: number }) {
  const [ua, ub, u0, va, vb, v0] = ORIENTATION[orientation] ?? ORIENTATION[1]!;
  return [
    box.width * ua,
    box.height * va,
    box.width * ub,
    box.height * vb,
    box.x + box.width * u0,
    box.y + box.height * v0,
  ];
}

/** An element's own frame: moved to its centre, turned about it. */
const frameOf = (element: DesignElement) => `1 0 0 1 ${num(element.x)} ${num(element.y)} cm ${turn(element.rotation)}`;

export function hexColour(colour: string) {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => num(channel / 255)).join(" ");
}

/** A photo's draw, and how many of its pixels fall on a millimetre (the preflight's effective resolution). */
export function drawPhoto(photo: PhotoElement, embedded: EmbeddedPhoto, resource: string) {
  const shown = shownSize(embedded);
  const place = photoPlacement({ ...photo, upload: shown });
  const matrix = imageMatrix(embedded.orientation, place).map(num).join(" ");
  const halfW = photo.width / 2;
  const halfH = photo.height / 2;
  const ops = `q ${frameOf(photo)} ${num(-halfW)} ${num(-halfH)} ${num(photo.width)} ${num(photo.height)} re W n ${matrix} cm /${resource} Do Q`;
  return { ops, pixelsPerMm: Math.min(shown.width / place.width, shown.height / place.height) };
}

/** A text as text: each line laid out in its font, placed as the editor's SVG anchors it (start, middle, end). */
export async function drawText(text: TextElement, fonts: PrintFonts) {
  const size = text.sizePt * MM_PER_POINT;
  const parts: string[] = [`q ${frameOf(text)} BT ${hexColour(text.colour)} rg`];
  for (const line of textLines(text)) {
    if (!line.text) continue;
    const laid = await fonts.layout(text, line.text);
    const width = laid.width * size;
    const start = text.align === "left" ? line.x : text.align === "right" ? line.x - width : line.x - width / 2;
    const slant = laid.synthetic.italic ? 0.2126 : 0;
    parts.push(
      laid.synthetic.bold ? `2 Tr ${num(size * 0.03)} w ${hexColour(text.colour)} RG` : "0 Tr",
      `1 0 ${num(slant)} -1 ${num(start)} ${num(line.baseline)} Tm`,
    );
    for (const run of laid.runs) parts.push(`/${run.face.resource} ${num(size)} Tf ${PrintFonts.showRun(run)}`);
  }
  parts.push("ET Q");
  return parts.join("\n");
}

/** Artwork's frame, for art.ts to draw into (its picture kept to its shape). */
export const artFrame = (art: ArtElement) => frameOf(art);

/**
 * Crop marks at the trim's corners, in the slug outside the bleed (never on the printed area), in every ink
 * (registration), 0.25 pt.
 */
export function cropMarks(trim: { width: number; height: number }, bleedMm: number, slugMm: number) {
  const gap = bleedMm + 1;
  const end = bleedMm + slugMm - 1;
  const lines: string[] = [];
  for (const x of [0, trim.width]) {
    for (const y of [0, trim.height]) {
      const outX = x === 0 ? -1 : 1;
      const outY = y === 0 ? -1 : 1;
      lines.push(`${num(x + outX * gap)} ${num(y)} m ${num(x + outX * end)} ${num(y)} l S`);
      lines.push(`${num(x)} ${num(y + outY * gap)} m ${num(x)} ${num(y + outY * end)} l S`);
    }
  }
  return `q 1 1 1 1 K ${num(0.25 / PT_PER_MM)} w\n${lines.join("\n")}\nQ`;
}
