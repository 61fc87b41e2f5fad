import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { InvoicePdfRequest } from "@contract/api/invoice-pdf";
// DejaVu Sans cut down to Latin, Latin Extended-A and the punctuation money and dates use (fonts/README.md): the PDF's
// standard fonts cannot write Polish or Czech, nor the narrow spaces Intl puts in amounts.
import boldFontUrl from "./fonts/dejavu-sans-bold-subset.ttf?inline";
import regularFontUrl from "./fonts/dejavu-sans-subset.ttf?inline";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const BOTTOM = 70;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const LINE = rgb(0.82, 0.82, 0.85);
// Table columns: the description's width, then the right edges of quantity, unit price and amount.
const COLUMNS = { description: 270, quantity: 380, unitPrice: 465, total: RIGHT };

const fontBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));

type Fonts = { regular: PDFFont; bold: PDFFont };
type Text = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

/** Writes an A4 invoice page after page, top to bottom, and starts a new page when the next block would not fit. */
class Writer {
  page: PDFPage;
  y = A4.height - MARGIN;
  private readonly known: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly onNewPage: (writer: Writer) => void,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
    this.known = new Set(fonts.regular.getCharacterSet());
  }

  /** What the fonts cannot write (another script, an emoji) becomes "?"; control characters become spaces. */
  clean(text: string) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
    return [...text.replace(/[\u0000-\u001f\u007f]/g, " ")]
      .map((char) => (this.known.has(char.codePointAt(0)!) ? char : "?"))
      .join("");
  }

  width(text: string, { size = 9, bold = false }: Text = {}) {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(this.clean(text), size);
  }

  text(text: string, x: number, y: number, { size = 9, bold = false, color = INK }: Text = {}) {
    this.page.drawText(this.clean(text), { x, y, size, font: bold ? this.fonts.bold : this.fonts.regular, color });
  }

  right(text: string, edge: number, y: number, style: Text = {}) {
    this.text(text, edge - this.width(text, style), y, style);
  }

  /** The text broken into lines no wider than `width`, at word boundaries (a single over-long word is cut). */
  wrap(text: string, width: number, style: Text = {}): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of this.clean(text).split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, style) <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = word;
        while (this.width(current, style) > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && this.width(current.slice(0, cut), style) > width) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
    }
    if (current) lines.push(current);
    return lines.length ? lines : [""];
  }

  rule(y: number) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.6, color: LINE });
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    this.onNewPage(this);
  }
}

type InvoiceHeadings = InvoicePdfRequest["headings"];

function tableHeader(writer: Writer, headings: InvoiceHeadings) {
  writer.need(24);
  const y = writer.y - 12;
  writer.text(headings.description, MARGIN, y, { bold: true, size: 8.5 });
  writer.right(headings.quantity, COLUMNS.quantity, y, { bold: true, size: 8.5 });
  writer.right(headings.unitPrice, COLUMNS.unitPrice, y, { bold: true, size: 8.5 });
  writer.right(headings.total, COLUMNS.total, y, { bold: true, size: 8.5 });
  writer.rule(y - 6);
  writer.y = y - 10;
}

/**
 * The invoice as an A4 PDF: seller and title with its facts, the buyer, the lines (across pages when they are many,
 * the table's headings repeated), the totals, and on every page a footer with the seller, the number and the page.
 * The number is also the document's title, so a search or a file list finds it.
 */
export async function invoicePdf(document: InvoicePdfRequest): Promise<Uint8Array> {
  const { headings, seller } = document;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(fontBytes(regularFontUrl), { subset: true }),
    bold: await pdf.embedFont(fontBytes(boldFontUrl), { subset: true }),
  };
  pdf.setTitle(`${document.title} ${document.number}`);
  pdf.setSubject(`${document.title} ${document.number} · ${document.orderPublicId}`);
  pdf.setAuthor(seller.legalName);
  pdf.setCreator(seller.legalName);
  pdf.setProducer("pdf-lib");
  pdf.setKeywords([document.number, document.orderPublicId]);
  pdf.setCreationDate(new Date(document.issuedAt));
  pdf.setModificationDate(new Date(document.issuedAt));

  const writer = new Writer(pdf, fonts, (next) => tableHeader(next, headings));

  // The seller on the left, the title and the facts on the right.
  const top = writer.y;
  writer.text(seller.lines[0]!, MARGIN, top - 14, { bold: true, size: 14 });
  for (const [index, line] of seller.lines.slice(1).entries())
    writer.text(line, MARGIN, top - 32 - index * 12, { color: MUTED });
  writer.right(document.title.toUpperCase(), RIGHT, top - 16, { bold: true, size: 20 });
  document.facts.forEach(([label, value], index) => {
    const y = top - 38 - index * 13;
    writer.right(value, RIGHT, y, { bold: index === 0 });
    writer.right(`${label}:`, RIGHT - 150, y, { color: MUTED });
  });
  writer.y = Math.min(top - 32 - seller.lines.length * 12, top - 38 - document.facts.length * 13) - 16;

  writer.text(headings.buyer, MARGIN, writer.y, { bold: true, size: 10 });
  for (const [index, line] of document.buyer.entries()) writer.text(line, MARGIN, writer.y - 15 - index * 12);
  writer.y -= 15 + document.buyer.length * 12 + 14;

  tableHeader(writer, headings);
  for (const line of document.lines) {
    const description = writer.wrap(line.description, COLUMNS.description);
    const details = line.details ? writer.wrap(line.details, COLUMNS.description, { size: 8 }) : [];
    const height = description.length * 12 + details.length * 10 + 10;
    writer.need(height);
    const y = writer.y - 12;
    for (const [index, text] of description.entries()) writer.text(text, MARGIN, y - index * 12);
    for (const [index, text] of details.entries())
      writer.text(text, MARGIN, y - description.length * 12 - index * 10 + 2, { size: 8, color: MUTED });
    writer.right(line.quantity, COLUMNS.quantity, y);
    writer.right(line.unitPrice, COLUMNS.unitPrice, y);
    writer.right(line.total, COLUMNS.total, y);
    writer.y -= height;
    writer.rule(writer.y + 4);
  }

  writer.need(document.totals.length * 15 + 40);
  writer.y -= 10;
  document.totals.forEach(({ key, label, value }) => {
    const last = key === "total";
    const style = last ? { bold: true, size: 11 } : {};
    if (last)
      writer.page.drawLine({
        start: { x: 330, y: writer.y - 5 },
        end: { x: RIGHT, y: writer.y - 5 },
        thickness: 0.6,
        color: LINE,
      });
    writer.y -= last ? 21 : 14;
    writer.text(label, 330, writer.y, style);
    writer.right(value, RIGHT, writer.y, style);
  });
  writer.y -= 24;
  for (const line of writer.wrap(document.note, RIGHT - MARGIN, { size: 8 })) {
    writer.text(line, MARGIN, writer.y, { size: 8, color: MUTED });
    writer.y -= 10;
  }

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    writer.page = page;
    writer.rule(48);
    writer.text(`${seller.legalName} · ${seller.taxId} · ${document.number}`, MARGIN, 36, { size: 7.5, color: MUTED });
    writer.right(
      headings.page.replace("{page}", String(index + 1)).replace("{pages}", String(pages.length)),
      RIGHT,
      36,
      { size: 7.5, color: MUTED },
    );
  });
  return pdf.save();
}
