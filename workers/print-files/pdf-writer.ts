/**
 * A PDF written front to back into a sink, object by object, never held whole: a 24-page book of 48 twelve-megapixel
 * photos is 150 MB or more, past a Worker's 128 MB, so nothing here keeps more than the object being written (a photo
 * streams through in chunks). Objects are numbered when first needed (a page names its font before the font is
 * written) and the cross-reference table, written last, lists where each one began.
 */

/** Where the bytes go, in order: an R2 multipart upload (r2-sink.ts) or memory (tests of small files). */
export type Sink = { write(bytes: Uint8Array): Promise<void> };

const encoder = new TextEncoder();

/** A number as PDF writes it: at most four decimals, no exponent, no "-0". */
export function num(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) || rounded === 0 ? "0" : String(rounded);
}

/** A PDF name (`/Im1`) or a literal string (`(text)`) kept to safe characters. */
export const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

export class PdfWriter {
  private offset = 0;
  private readonly offsets: number[] = [];
  private next = 1;

  constructor(private readonly sink: Sink) {}

  /** Bytes written so far. */
  get size() {
    return this.offset;
  }

  private async raw(chunk: Uint8Array | string) {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    if (bytes.byteLength === 0) return;
    this.offset += bytes.byteLength;
    await this.sink.write(bytes);
  }

  /** The header; the binary comment tells transfer tools the file is not text. */
  async begin() {
    await this.raw("%PDF-1.6\n%\xE2\xE3\xCF\xD3\n");
  }

  /** A number for an object written later (or now, with `object`). */
  allocate(): number {
    return this.next++;
  }

  /** A dictionary or other value as object `id` (allocated before, or now). */
  async object(body: string, id = this.allocate()): Promise<number> {
    this.offsets[id] = this.offset;
    await this.raw(`${id} 0 obj\n${body}\nendobj\n`);
    return id;
  }

  /**
   * A stream object: its dictionary (without /Length), then its bytes as they come (a photo from R2, chunk by chunk).
   * `length` must be exact: it is written before the bytes.
   */
  async stream(
    dictionary: string,
    length: number,
    chunks: AsyncIterable<Uint8Array> | Uint8Array | string,
    id = this.allocate(),
  ): Promise<number> {
    this.offsets[id] = this.offset;
    await this.raw(`${id} 0 obj\n<< ${dictionary} /Length ${length} >>\nstream\n`);
    let written = 0;
    if (typeof chunks === "string" || chunks instanceof Uint8Array) {
      const bytes = typeof chunks === "string" ? encoder.encode(chunks) : chunks;
      written = bytes.byteLength;
      await this.raw(bytes);
    } else {
      for await (const chunk of chunks) {
        written += chunk.byteLength;
        await this.raw(chunk);
      }
    }
    if (written !== length) throw new Error(`Stream ${id}: ${written} bytes written, ${length} declared`);
    await this.raw("\nendstream\nendobj\n");
    return id;
  }

  /** The cross-reference table and trailer: every allocated object must have been written. */
  async finish(root: number, info?: number) {
    const start = this.offset;
    const count = this.next;
    const lines = ["xref", `0 ${count}`, "0000000000 65535 f "];
    for (let id = 1; id < count; id++) {
      const at = this.offsets[id];
      if (at === undefined) throw new Error(`Object ${id} was allocated but never written`);
      lines.push(`${String(at).padStart(10, "0")} 00000 n `);
    }
    const trailer = `<< /Size ${count} /Root ${root} 0 R${info ? ` /Info ${info} 0 R` : ""} >>`;
    await this.raw(`${lines.join("\n")}\ntrailer\n${trailer}\nstartxref\n${start}\n%%EOF\n`);
  }
}

/** A sink that keeps everything (small files, tests). */
export class MemorySink implements Sink {
  readonly chunks: Uint8Array[] = [];
  async write(bytes: Uint8Array) {
    this.chunks.push(bytes.slice());
  }
}
