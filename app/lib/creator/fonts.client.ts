import robotoLatin400Normal from "@fontsource/roboto/files/roboto-latin-400-normal.woff2?url";
import robotoLatinExt400Normal from "@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2?url";
import robotoLatin700Normal from "@fontsource/roboto/files/roboto-latin-700-normal.woff2?url";
import robotoLatinExt700Normal from "@fontsource/roboto/files/roboto-latin-ext-700-normal.woff2?url";
import robotoLatin400Italic from "@fontsource/roboto/files/roboto-latin-400-italic.woff2?url";
import robotoLatinExt400Italic from "@fontsource/roboto/files/roboto-latin-ext-400-italic.woff2?url";
import robotoLatin700Italic from "@fontsource/roboto/files/roboto-latin-700-italic.woff2?url";
import robotoLatinExt700Italic from "@fontsource/roboto/files/roboto-latin-ext-700-italic.woff2?url";
import playfairDisplayLatin400Normal from "@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url";
import playfairDisplayLatinExt400Normal from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff2?url";
import playfairDisplayLatin700Normal from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url";
import playfairDisplayLatinExt700Normal from "@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff2?url";
import playfairDisplayLatin400Italic from "@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff2?url";
import playfairDisplayLatinExt400Italic from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-italic.woff2?url";
import playfairDisplayLatin700Italic from "@fontsource/playfair-display/files/playfair-display-latin-700-italic.woff2?url";
import playfairDisplayLatinExt700Italic from "@fontsource/playfair-display/files/playfair-display-latin-ext-700-italic.woff2?url";
import pacificoLatin400Normal from "@fontsource/pacifico/files/pacifico-latin-400-normal.woff2?url";
import pacificoLatinExt400Normal from "@fontsource/pacifico/files/pacifico-latin-ext-400-normal.woff2?url";
import oswaldLatin400Normal from "@fontsource/oswald/files/oswald-latin-400-normal.woff2?url";
import oswaldLatinExt400Normal from "@fontsource/oswald/files/oswald-latin-ext-400-normal.woff2?url";
import oswaldLatin700Normal from "@fontsource/oswald/files/oswald-latin-700-normal.woff2?url";
import oswaldLatinExt700Normal from "@fontsource/oswald/files/oswald-latin-ext-700-normal.woff2?url";
import caveatLatin400Normal from "@fontsource/caveat/files/caveat-latin-400-normal.woff2?url";
import caveatLatinExt400Normal from "@fontsource/caveat/files/caveat-latin-ext-400-normal.woff2?url";
import caveatLatin700Normal from "@fontsource/caveat/files/caveat-latin-700-normal.woff2?url";
import caveatLatinExt700Normal from "@fontsource/caveat/files/caveat-latin-ext-700-normal.woff2?url";
import { CREATOR_FONTS, type CreatorFont, type TextElement } from "@contract/creator/document";
import { MM_PER_POINT } from "./editing";

/**
 * The creator's five fonts, bundled (woff2 from the @fontsource packages, Latin and Latin Extended: every brand's
 * language) and loaded only by the editor's chunk, through the FontFace API: the same faces draw the SVG stage and the
 * Canvas print file. A face is fetched the first time a text needs it.
 */

const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

type Face = { url: string; weight: string; style: string; range: string };
/** One weight and style of a family: its Latin file and its Latin Extended file. */
const faces = (latin: string, latinExt: string, weight: "400" | "700", style: "normal" | "italic"): Face[] => [
  { url: latin, weight, style, range: LATIN },
  { url: latinExt, weight, style, range: LATIN_EXT },
];
const FACES: Record<CreatorFont, Face[]> = {
  roboto: [
    ...faces(robotoLatin400Normal, robotoLatinExt400Normal, "400", "normal"),
    ...faces(robotoLatin700Normal, robotoLatinExt700Normal, "700", "normal"),
    ...faces(robotoLatin400Italic, robotoLatinExt400Italic, "400", "italic"),
    ...faces(robotoLatin700Italic, robotoLatinExt700Italic, "700", "italic"),
  ],
  "playfair-display": [
    ...faces(playfairDisplayLatin400Normal, playfairDisplayLatinExt400Normal, "400", "normal"),
    ...faces(playfairDisplayLatin700Normal, playfairDisplayLatinExt700Normal, "700", "normal"),
    ...faces(playfairDisplayLatin400Italic, playfairDisplayLatinExt400Italic, "400", "italic"),
    ...faces(playfairDisplayLatin700Italic, playfairDisplayLatinExt700Italic, "700", "italic"),
  ],
  pacifico: [...faces(pacificoLatin400Normal, pacificoLatinExt400Normal, "400", "normal")],
  oswald: [
    ...faces(oswaldLatin400Normal, oswaldLatinExt400Normal, "400", "normal"),
    ...faces(oswaldLatin700Normal, oswaldLatinExt700Normal, "700", "normal"),
  ],
  caveat: [
    ...faces(caveatLatin400Normal, caveatLatinExt400Normal, "400", "normal"),
    ...faces(caveatLatin700Normal, caveatLatinExt700Normal, "700", "normal"),
  ],
};

/** The CSS family name a creator font is registered under (its own, so a system font of that name is never used). */
export const fontFamily = (font: CreatorFont) => `creator-${font}`;

let registered = false;

/** Registers every face with the document (nothing is downloaded until a text uses it). */
export function registerCreatorFonts() {
  if (registered || typeof document === "undefined" || !("fonts" in document)) return;
  registered = true;
  for (const font of CREATOR_FONTS) {
    for (const face of FACES[font]) {
      document.fonts.add(
        new FontFace(fontFamily(font), `url(${face.url}) format("woff2")`, {
          weight: face.weight,
          style: face.style,
          unicodeRange: face.range,
          display: "swap",
        }),
      );
    }
  }
}

/** The canvas font shorthand of a text at `px` pixels. */
export function canvasFont(text: Pick<TextElement, "font" | "bold" | "italic">, px: number) {
  return `${text.italic ? "italic " : ""}${text.bold ? "700" : "400"} ${px}px "${fontFamily(text.font)}"`;
}

/** Waits until the faces these texts need are loaded (the print file must not fall back to another font). */
export async function loadFontsFor(texts: ReadonlyArray<Pick<TextElement, "font" | "bold" | "italic" | "text">>) {
  registerCreatorFonts();
  if (typeof document === "undefined" || !("fonts" in document)) return;
  await Promise.all(texts.map((text) => document.fonts.load(canvasFont(text, 40), text.text || "A").catch(() => [])));
}

let measuring: CanvasRenderingContext2D | null = null;

/** A line's width in millimetres in the text's font and size (as loaded now: call again once the font is in). */
export function measureLine(text: Pick<TextElement, "font" | "bold" | "italic" | "sizePt">) {
  measuring ??= document.createElement("canvas").getContext("2d");
  const sizeMm = text.sizePt * MM_PER_POINT;
  return (line: string) => {
    if (!measuring) return line.length * sizeMm * 0.55;
    measuring.font = canvasFont(text, 100);
    return (measuring.measureText(line).width / 100) * sizeMm;
  };
}
