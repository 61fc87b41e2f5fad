// A push parser for rewriting a file as it streams past: a format's parser (a generator) asks for bytes step by step
// and says which to keep, and the driver feeds it whatever chunks arrive, so a 200 MB photo is never held whole; only
// a header segment (at most 64 KiB) is ever buffered.

/** What a format parser asks of the driver. */
export type Step =
  /** Exactly `length` bytes, handed back to the parser (buffered: headers only). */
  | { op: "read"; length: number }
  /** `length` bytes copied to the output as they come. */
  | { op: "pass"; length: number }
  /** `length` bytes dropped. */
  | { op: "skip"; length: number }
  /** Bytes of the parser's own to the output. */
  | { op: "emit"; bytes: Uint8Array }
  /**
   * A JPEG's entropy-coded data copied to the output up to the next marker, whose byte (FF and fill bytes consumed, not
   * written) is handed back: stuffed FF 00 and restart markers belong to the data.
   */
  | { op: "entropy" };

/** What the rewrite found: the photo's EXIF orientation (1 when none), or why its bytes are refused. */
export type Verdict = { ok: true; orientation: number } | { ok: false; reason: "corrupt" | "truncated" };

export type Parser = Generator<Step, Verdict, Uint8Array | number | undefined>;

export const read = (length: number): Step => ({ op: "read", length });
export const pass = (length: number): Step => ({ op: "pass", length });
export const skip = (length: number): Step => ({ op: "skip", length });
export const emit = (bytes: Uint8Array | number[]): Step => ({
  op: "emit",
  bytes: bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes),
});
export const entropy: Step = { op: "entropy" };
export const corrupt: Verdict = { ok: false, reason: "corrupt" };

const JPEG_RST0 = 0xd0;
const JPEG_RST7 = 0xd7;

/**
 * Runs a parser over chunks pushed one after another; `out` receives the rewritten bytes. After the parser's verdict
 * (a JPEG's EOI, a PNG's IEND, the end a WebP's RIFF size declares) whatever follows is dropped: phones append
 * trailers (a second picture, a motion photo's video, a maker's data) that may carry their own metadata.
 */
export class Rewriter {
  private current: IteratorResult<Step, Verdict>;
  private collected: Uint8Array | null = null;
  private filled = 0;
  private left = -1;
  private sawFf = false;

  constructor(
    private readonly parser: Parser,
    private readonly out: (bytes: Uint8Array) => void,
  ) {
    this.current = parser.next();
  }

  private advance(value?: Uint8Array | number) {
    this.collected = null;
    this.filled = 0;
    this.left = -1;
    this.sawFf = false;
    this.current = this.parser.next(value);
  }

  push(chunk: Uint8Array) {
    let at = 0;
    while (!this.current.done) {
      const step = this.current.value;
      if (step.op === "emit") {
        this.out(step.bytes);
        this.advance();
        continue;
      }
      if (step.op !== "entropy" && step.length <= 0) {
        this.advance(step.op === "read" ? new Uint8Array(0) : undefined);
        continue;
      }
      if (at >= chunk.length) return;
      if (step.op === "read") {
        this.collected ??= new Uint8Array(step.length);
        const taken = Math.min(step.length - this.filled, chunk.length - at);
        this.collected.set(chunk.subarray(at, at + taken), this.filled);
        this.filled += taken;
        at += taken;
        if (this.filled === step.length) this.advance(this.collected);
      } else if (step.op === "pass" || step.op === "skip") {
        if (this.left < 0) this.left = step.length;
        const taken = Math.min(this.left, chunk.length - at);
        if (step.op === "pass") this.out(chunk.subarray(at, at + taken));
        this.left -= taken;
        at += taken;
        if (this.left === 0) this.advance();
      } else {
        at = this.entropy(chunk, at);
      }
    }
  }

  /** Copies entropy-coded data from `at`; returns where it stopped (the chunk's end, or after a marker). */
  private entropy(chunk: Uint8Array, from: number) {
    let at = from;
    while (at < chunk.length) {
      if (this.sawFf) {
        const byte = chunk[at]!;
        at++;
        if (byte === 0xff) continue; // a fill byte before a marker
        if (byte === 0x00 || (byte >= JPEG_RST0 && byte <= JPEG_RST7)) {
          this.out(Uint8Array.of(0xff, byte));
          this.sawFf = false;
          continue;
        }
        this.advance(byte);
        return at;
      }
      const ff = chunk.indexOf(0xff, at);
      const end = ff === -1 ? chunk.length : ff;
      if (end > at) this.out(chunk.subarray(at, end));
      at = end;
      if (ff !== -1) {
        this.sawFf = true;
        at++;
      }
    }
    return at;
  }

  /** The verdict once every chunk is pushed: a parser still waiting for bytes means the file was cut short. */
  end(): Verdict {
    return this.current.done ? this.current.value : { ok: false, reason: "truncated" };
  }
}
