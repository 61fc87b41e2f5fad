import fontkit, { type Font } from "@pdf-lib/fontkit";
import type { TextElement } from "@contract/creator/document";
import { FACE_FILES } from "./font-files";
import { num, pdfString, type PdfWriter } from "./pdf-writer";
import { woffToTtf } from "./woff";

/**
 * The text's fonts in the PDF: each face file a text uses is embedded whole (TrueType, FontFile2, a few tens of KB) as
 * a Type0 font with Identity-H glyph ids and a ToUnicode map (the text stays text: searchable, and a preflight can see
 * it is embedded). A line is laid out with fontkit (advances and kerning); characters the Latin file lacks come from
 * the Latin Extended one, as the browser's unicode-range picks them.
 */

type Face = {
  key: string;
  resource: string;
  object: number;
  ttf: Uint8Array;
  font: Font;
  /** Glyph id to its advance (font units) and the text it stands for, for /W and ToUnicode. */
  used: Map<number, { advance: number; text: string }>;
};

export type TextRun = { face: Face; glyphs: { id: number; advance: number; xAdvance: number }[]; width: number };
/** What the browser makes up for a weight or style the family lacks. */
export type Synthetic = { bold: boolean; italic: boolean };

const dataUrlBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));

export class PrintFonts {
  private readonly faces = new Map<string, Face>();

  constructor(private readonly writer: PdfWriter) {}

  /** The family's face nearest the text's weight and style, and what must be synthesised. */
  private pick(text: Pick<TextElement, "font" | "bold" | "italic">) {
    const faces = FACE_FILES[text.font];
    const exact = faces.find((face) => face.bold === text.bold && face.italic === text.italic);
    const face =
      exact ??
      faces.find((candidate) => candidate.bold === text.bold && !candidate.italic) ??
      faces.find((candidate) => !candidate.italic && !candidate.bold) ??
      faces[0]!;
    return { face, synthetic: { bold: text.bold && !face.bold, italic: text.italic && !face.italic } };
  }

  private async load(key: string, file: string): Promise<Face> {
    const known = this.faces.get(key);
    if (known) return known;
    const ttf = await woffToTtf(dataUrlBytes(file));
    const face: Face = {
      key,
      resource: `F${this.faces.size + 1}`,
      object: this.writer.allocate(),
      ttf,
      font: fontkit.create(ttf),
      used: new Map(),
    };
    this.faces.set(key, face);
    return face;
  }

  /** A line as runs of one face each, laid out; its width in font units of size 1 (multiply by the type size). */
  async layout(text: Pick<TextElement, "font" | "bold" | "italic">, line: string) {
    const { face: files, synthetic } = this.pick(text);
    const base = `${text.font}-${files.bold ? 700 : 400}-${files.italic ? "italic" : "normal"}`;
    const latin = await this.load(`${base}-latin`, files.files[0]);
    const runs: TextRun[] = [];
    let face: Face | null = null;
    let pending = "";
    for (const char of line) {
      const code = char.codePointAt(0)!;
      const next = latin.font.hasGlyphForCodePoint(code) ? latin : await this.load(`${base}-ext`, files.files[1]);
      if (face && next !== face && pending) {
        runs.push(this.shape(face, pending));
        pending = "";
      }
      face = next;
      pending += char;
    }
    if (face && pending) runs.push(this.shape(face, pending));
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0), synthetic };
  }

  private shape(face: Face, text: string): TextRun {
    const shaped = face.font.layout(text);
    const scale = 1 / face.font.unitsPerEm;
    const glyphs = shaped.glyphs.map((glyph, index) => {
      if (!face.used.has(glyph.id))
        face.used.set(glyph.id, { advance: glyph.advanceWidth, text: String.fromCodePoint(...glyph.codePoints) });
      return { id: glyph.id, advance: glyph.advanceWidth, xAdvance: shaped.positions[index]!.xAdvance };
    });
    return { face, glyphs, width: glyphs.reduce((sum, glyph) => sum + glyph.xAdvance * scale, 0) };
  }

  /** A run as a TJ array: glyph ids in hex, with the kerning the layout added between them. */
  static showRun(run: TextRun): string {
    const upm = run.face.font.unitsPerEm;
    const parts: string[] = [];
    for (const glyph of run.glyphs) {
      parts.push(`<${glyph.id.toString(16).padStart(4, "0")}>`);
      const kern = glyph.advance - glyph.xAdvance;
      if (Math.abs(kern) > 0.5) parts.push(num((kern * 1000) / upm));
    }
    return `[${parts.join(" ")}] TJ`;
  }

  /** Page resources naming every face so far. */
  resources(): string {
    return [...this.faces.values()].map((face) => `/${face.resource} ${face.object} 0 R`).join(" ");
  }

  /** Writes every face used (after the pages); what the preflight reads of them. */
  async writeAll(): Promise<{ name: string; embedded: boolean }[]> {
    const written: { name: string; embedded: boolean }[] = [];
    // Every face loaded is written, even one whose layout drew nothing: the pages' resources name it.
    for (const face of this.faces.values()) written.push(await this.writeFace(face));
    return written;
  }

  private async writeFace(face: Face) {
    const { font } = face;
    const per = 1000 / font.unitsPerEm;
    const name = `${(font.postscriptName ?? face.key).replace(/[^A-Za-z0-9-]/g, "")}`;
    const file = await this.writer.stream(`/Length1 ${face.ttf.byteLength}`, face.ttf.byteLength, face.ttf);
    const bbox = font.bbox;
    const descriptor = await this.writer.object(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${[bbox.minX, bbox.minY, bbox.maxX, bbox.maxY]
        .map((value) => num(value * per))
        .join(" ")}] /ItalicAngle ${num(font.italicAngle)} /Ascent ${num(font.ascent * per)} /Descent ${num(
        font.descent * per,
      )} /CapHeight ${num((font.capHeight || font.ascent) * per)} /StemV 80 /FontFile2 ${file} 0 R >>`,
    );
    const ids = [...face.used.keys()].sort((a, b) => a - b);
    const widths = ids.map((id) => `${id} [${num(face.used.get(id)!.advance * per)}]`).join(" ");
    const cid = await this.writer.object(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry ${pdfString("Adobe")} /Ordering ${pdfString(
        "Identity",
      )} /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /W [${widths}] /DW 0 /CIDToGIDMap /Identity >>`,
    );
    const toUnicode = toUnicodeCMap(ids.map((id) => [id, face.used.get(id)!.text] as const));
    const map = await this.writer.stream("", new TextEncoder().encode(toUnicode).byteLength, toUnicode);
    await this.writer.object(
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${map} 0 R >>`,
      face.object,
    );
    return { name, embedded: true };
  }
}

function utf16Hex(text: string) {
  let hex = "";
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, "0");
  return hex || "fffd";
}

function toUnicodeCMap(entries: ReadonlyArray<readonly [number, string]>) {
  const chunks: string[] = [];
  for (let at = 0; at < entries.length; at += 100) {
    const part = entries.slice(at, at + 100);
    chunks.push(
      `${part.length} beginbfchar\n${part.map(([id, text]) => `<${id.toString(16).padStart(4, "0")}> <${utf16Hex(text)}>`).join("\n")}\nendbfchar`,
    );
  }
  return `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n${chunks.join("\n")}\nendcmap\nCMapName currentdict /CMapResource defineresource pop\nend\nend\n`;
}
