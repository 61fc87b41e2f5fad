import robotoLatin400Normal from "@fontsource/roboto/files/roboto-latin-400-normal.woff?inline";
import robotoLatinExt400Normal from "@fontsource/roboto/files/roboto-latin-ext-400-normal.woff?inline";
import robotoLatin700Normal from "@fontsource/roboto/files/roboto-latin-700-normal.woff?inline";
import robotoLatinExt700Normal from "@fontsource/roboto/files/roboto-latin-ext-700-normal.woff?inline";
import robotoLatin400Italic from "@fontsource/roboto/files/roboto-latin-400-italic.woff?inline";
import robotoLatinExt400Italic from "@fontsource/roboto/files/roboto-latin-ext-400-italic.woff?inline";
import robotoLatin700Italic from "@fontsource/roboto/files/roboto-latin-700-italic.woff?inline";
import robotoLatinExt700Italic from "@fontsource/roboto/files/roboto-latin-ext-700-italic.woff?inline";
import playfairDisplayLatin400Normal from "@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff?inline";
import playfairDisplayLatinExt400Normal from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff?inline";
import playfairDisplayLatin700Normal from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff?inline";
import playfairDisplayLatinExt700Normal from "@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff?inline";
import playfairDisplayLatin400Italic from "@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff?inline";
import playfairDisplayLatinExt400Italic from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-italic.woff?inline";
import playfairDisplayLatin700Italic from "@fontsource/playfair-display/files/playfair-display-latin-700-italic.woff?inline";
import playfairDisplayLatinExt700Italic from "@fontsource/playfair-display/files/playfair-display-latin-ext-700-italic.woff?inline";
import pacificoLatin400Normal from "@fontsource/pacifico/files/pacifico-latin-400-normal.woff?inline";
import pacificoLatinExt400Normal from "@fontsource/pacifico/files/pacifico-latin-ext-400-normal.woff?inline";
import oswaldLatin400Normal from "@fontsource/oswald/files/oswald-latin-400-normal.woff?inline";
import oswaldLatinExt400Normal from "@fontsource/oswald/files/oswald-latin-ext-400-normal.woff?inline";
import oswaldLatin700Normal from "@fontsource/oswald/files/oswald-latin-700-normal.woff?inline";
import oswaldLatinExt700Normal from "@fontsource/oswald/files/oswald-latin-ext-700-normal.woff?inline";
import caveatLatin400Normal from "@fontsource/caveat/files/caveat-latin-400-normal.woff?inline";
import caveatLatinExt400Normal from "@fontsource/caveat/files/caveat-latin-ext-400-normal.woff?inline";
import caveatLatin700Normal from "@fontsource/caveat/files/caveat-latin-700-normal.woff?inline";
import caveatLatinExt700Normal from "@fontsource/caveat/files/caveat-latin-ext-700-normal.woff?inline";
import type { CreatorFont } from "@contract/creator/document";

/**
 * The creator's faces as the print file embeds them: the same @fontsource files the editor draws with
 * (app/lib/creator/fonts.client.ts), in their WOFF form (woff.ts unpacks them to TrueType), Latin and Latin Extended.
 * A weight or style a family lacks is made up as the browser makes it up (font-files.ts's users: a slant, a stroke).
 * All five are under the SIL Open Font License 1.1 (each package's LICENSE), which allows embedding.
 */
export type FaceFiles = { bold: boolean; italic: boolean; files: [latin: string, latinExt: string] };

export const FACE_FILES: Record<CreatorFont, FaceFiles[]> = {
  roboto: [
    { bold: false, italic: false, files: [robotoLatin400Normal, robotoLatinExt400Normal] },
    { bold: true, italic: false, files: [robotoLatin700Normal, robotoLatinExt700Normal] },
    { bold: false, italic: true, files: [robotoLatin400Italic, robotoLatinExt400Italic] },
    { bold: true, italic: true, files: [robotoLatin700Italic, robotoLatinExt700Italic] },
  ],
  "playfair-display": [
    { bold: false, italic: false, files: [playfairDisplayLatin400Normal, playfairDisplayLatinExt400Normal] },
    { bold: true, italic: false, files: [playfairDisplayLatin700Normal, playfairDisplayLatinExt700Normal] },
    { bold: false, italic: true, files: [playfairDisplayLatin400Italic, playfairDisplayLatinExt400Italic] },
    { bold: true, italic: true, files: [playfairDisplayLatin700Italic, playfairDisplayLatinExt700Italic] },
  ],
  pacifico: [{ bold: false, italic: false, files: [pacificoLatin400Normal, pacificoLatinExt400Normal] }],
  oswald: [
    { bold: false, italic: false, files: [oswaldLatin400Normal, oswaldLatinExt400Normal] },
    { bold: true, italic: false, files: [oswaldLatin700Normal, oswaldLatinExt700Normal] },
  ],
  caveat: [
    { bold: false, italic: false, files: [caveatLatin400Normal, caveatLatinExt400Normal] },
    { bold: true, italic: false, files: [caveatLatin700Normal, caveatLatinExt700Normal] },
  ],
};
