// The bench's print-file item (docs/decisions/0048): the built print-files worker (dist/print_files) in Miniflare with
// a throwaway R2 bucket, making two PDFs as an ordered line would:
//   book    a 21 x 21 cm photo book of a cover and 24 inner pages (contract/creator/pages.ts's printedPages: 25 PDF
//           pages) with 48 photos of 12 megapixels (4000 x 3000 JPEGs of noise, so they compress as little as a
//           photo's detail: about 6 MB each, 295 MB in all), two to an inner page as the "two" layout places them
//   poster  a 70 x 100 cm poster of one 48-megapixel photo (6000 x 8000) filling the page
// Time is the wall time of POST /prints, R2 reads and writes included (MB = 10^6 bytes). Memory is workerd's resident
// set (VmRSS of the workerd process, read from /proc every 20 ms) at its highest while the file is made, less what it
// was just before: an upper bound of the worker's own memory, as Miniflare's local R2 runs in the same process.
// `node bench/print-files.ts` runs it alone (after `npm run build`).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import sharp from "sharp";
import { createHash } from "node:crypto";
import { residentMb } from "./cpu.ts";
import { errorText, section } from "./print.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKER = path.join(ROOT, "dist/print_files/index.js");
/** Distinct photos made with sharp; the book's 48 uploads reuse them (each its own R2 object, read on its own). */
const DISTINCT_PHOTOS = 4;

export type PrintFileFigures = {
  book: { seconds: number; rssGrowthMb: number; bytes: number; pages: number; photos: number; photoBytes: number };
  poster: { seconds: number; rssGrowthMb: number; bytes: number; ppi: number };
};

async function noiseJpeg(width: number, height: number, seed: number) {
  const noise = { type: "gaussian", mean: 110 + seed * 7, sigma: 28 } as const;
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#808080", noise } })
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
}

/**
 * contract/api/uploads.ts's ownerKeyPrefix (where an order's copies lie), in Node: the contract's modules import without
 * file extensions, which Node's loader does not resolve.
 */
const ownerKeyPrefix = async (owner: string) =>
  `owners/${createHash("sha256").update(owner).digest("hex").slice(0, 32)}`;

/** The workerd process Miniflare started (the newest one), for its resident set. */
function workerdPid(): number {
  const pids = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd" &&
          readFileSync(`/proc/${pid}/status`, "utf8").includes(`PPid:\t${process.pid}`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
  if (!pids.length) throw new Error("No workerd process of this bench found in /proc");
  return Math.max(...pids);
}

/** Runs `work` while sampling workerd's resident set: the seconds it took and the highest growth over the start. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000, rssGrowthMb: Math.max(0, peak - before) };
  } finally {
    clearInterval(sampler);
  }
}

const photoElement = (index: number, id: string, x: number, y: number, size: number) => ({
  id: `p${index}`,
  kind: "photo",
  x,
  y,
  width: size,
  height: size * 0.75,
  rotation: 0,
  upload: { id, width: 4000, height: 3000 },
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
});

export async function measurePrintFiles(): Promise<PrintFileFigures> {
  if (!existsSync(WORKER)) throw new Error(`${path.relative(ROOT, WORKER)} is missing: run \`npm run build\` first`);
  const state = mkdtempSync(path.join(tmpdir(), "bench-print-files-"));
  const quiet = new (class extends Log {
    override logWithLevel(level: LogLevel, message: string) {
      if (level <= LogLevel.ERROR) super.logWithLevel(level, message);
    }
  })(LogLevel.WARN);
  const mf = new Miniflare({
    ...convertV4MiniflareOptions({
      modules: true,
      scriptPath: WORKER,
      compatibilityDate: "2026-10-01",
      compatibilityFlags: ["nodejs_compat"],
      r2Buckets: { UPLOADS_BUCKET: "storefront-uploads" },
      bindings: { PRINT_PART_BYTES: "8388608", LOG_LEVEL: "WARN" },
    }),
    log: quiet,
    resourcePersistencePath: state,
  });
  try {
    await mf.ready;
    const pid = workerdPid();
    const bucket = await mf.getR2Bucket("UPLOADS_BUCKET");
    const photos = await Promise.all(Array.from({ length: DISTINCT_PHOTOS }, (_, seed) => noiseJpeg(4000, 3000, seed)));
    const order = "ES-BENCHBK1";
    const prefix = await ownerKeyPrefix(`order:${order}`);
    const ids = Array.from({ length: 48 }, (_, index) => `up_bench${String(index).padStart(19, "0")}`);
    for (const [index, id] of ids.entries()) {
      const bytes = photos[index % DISTINCT_PHOTOS]!;
      await bucket.put(`${prefix}/${id}`, bytes, { customMetadata: { kind: "jpeg", name: `IMG_${index}.jpg` } });
    }
    const make = (job: unknown) =>
      mf.dispatchFetch("http://print-files.local/prints", {
        method: "POST",
        body: JSON.stringify(job),
        headers: { "content-type": "application/json" },
      });
    // Warm: the worker loaded and a font unpacked, so the figures are the file's own.
    await (await make(bookJob("ES-BENCHWRM", ids.slice(0, 0)))).text();

    const book = await measured(pid, async () => (await (await make(bookJob(order, ids))).json()) as Status);
    if (book.value.state !== "made") throw new Error(`the book's print file failed: ${book.value.reason}`);
    if (book.value.pages !== 25) throw new Error(`the book's print file has ${book.value.pages} pages, not 25`);

    const posterOrder = "ES-BENCHPS1";
    const poster = await noiseJpeg(6000, 8000, 5);
    await bucket.put(`${await ownerKeyPrefix(`order:${posterOrder}`)}/up_benchposter0000000000000`, poster, {
      customMetadata: { kind: "jpeg", name: "poster.jpg" },
    });
    const posterRun = await measured(pid, async () => (await (await make(posterJob(posterOrder))).json()) as Status);
    if (posterRun.value.state !== "made") throw new Error(`the poster's print file failed: ${posterRun.value.reason}`);
    return {
      book: {
        seconds: book.seconds,
        rssGrowthMb: book.rssGrowthMb,
        bytes: book.value.bytes,
        pages: book.value.pages,
        photos: ids.length,
        photoBytes: ids.reduce((sum, _, index) => sum + photos[index % DISTINCT_PHOTOS]!.byteLength, 0),
      },
      poster: {
        seconds: posterRun.seconds,
        rssGrowthMb: posterRun.rssGrowthMb,
        bytes: posterRun.value.bytes,
        // 8000 pixels down the 1006 mm bleed box's height.
        ppi: Math.floor(8000 / (1006 / 25.4)),
      },
    };
  } finally {
    await mf.dispose();
    rmSync(state, { recursive: true, force: true });
  }
}

type Status = { state: string; reason: string | null; bytes: number; pages: number };

/** The safe area's width on the book's 210 mm page (10 mm in on each side). */
const SAFE_WIDTH_MM = 190;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The book as the creator makes it (docs/decisions/0049): a 21 x 21 cm photo book's cover (its title, a text drawn with
 * its embedded font) and 24 inner pages, each laid out "two" (app/lib/creator/page-layouts.ts: the safe area, 10 mm
 * in, split side by side with a 4 mm gap: two 93 x 190 mm frames, each filled by a 4000 x 3000 photo, about 400 ppi).
 */
function bookJob(order: string, ids: string[]) {
  const frame = (SAFE_WIDTH_MM - 4) / 2;
  const inner = Array.from({ length: 24 }, (_, page) => ({
    id: `p${page + 2}`,
    layout: "two",
    elements: [0, 1].flatMap((slot) => {
      const index = page * 2 + slot;
      const id = ids[index];
      if (!id) return [];
      const x = 10 + slot * (frame + 4) + frame / 2;
      return [{ ...photoElement(index, id, round(x), 105, round(frame)), height: 190 }];
    }),
  }));
  const cover = {
    id: "p1",
    layout: null,
    elements: [
      {
        id: "title",
        kind: "text",
        x: 105,
        y: 105,
        width: 170,
        height: 20,
        rotation: 0,
        text: "Vacaciones 2026",
        font: "playfair-display",
        sizePt: 36,
        colour: "#1f2937",
        align: "center",
        bold: false,
        italic: false,
      },
    ],
  };
  return {
    order,
    line: 1,
    design: "cd_BENCHBENCHBENCHBENCH",
    version: 1,
    kind: "photo-book",
    document: {
      format: 2,
      articleId: 204,
      size: null,
      landscape: false,
      background: "#ffffff",
      pages: [cover, ...inner],
      calendar: null,
    },
  };
}

function posterJob(order: string) {
  return {
    order,
    line: 1,
    design: "cd_BENCHBENCHBENCHBENCH",
    version: 1,
    kind: "poster",
    document: {
      format: 2,
      articleId: 1,
      size: "70x100",
      landscape: false,
      background: "#ffffff",
      pages: [
        {
          id: "p1",
          layout: null,
          elements: [
            {
              ...photoElement(0, "up_benchposter0000000000000", 350, 500, 706),
              height: 1006,
              upload: { id: "up_benchposter0000000000000", width: 6000, height: 8000 },
            },
          ],
        },
      ],
      calendar: null,
    },
  };
}

/** The figures as the bench prints them, each against its budget. */
export function printFileLines(figures: PrintFileFigures, budgets: Record<string, number>) {
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER");
  const { book, poster } = figures;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
  return [
    `  book: ${book.photos} photos of 12 MP (${mb(book.photoBytes)} MB of JPEG) on ${book.pages} page(s), PDF ${mb(book.bytes)} MB`,
    `    time ${book.seconds.toFixed(2)} s <= ${budgets.photoBookPrintFileSecondsMax} s: ${verdict(book.seconds <= budgets.photoBookPrintFileSecondsMax!)}`,
    `    memory (workerd RSS growth) ${book.rssGrowthMb.toFixed(0)} MB <= ${budgets.photoBookPrintFileMemoryMbMax} MB: ${verdict(book.rssGrowthMb <= budgets.photoBookPrintFileMemoryMbMax!)}`,
    `  poster: one 48 MP photo on 70 x 100 cm (${poster.ppi} ppi effective), PDF ${mb(poster.bytes)} MB, memory ${poster.rssGrowthMb.toFixed(0)} MB`,
    `    time ${poster.seconds.toFixed(2)} s <= ${budgets.posterPrintFileSecondsMax} s: ${verdict(poster.seconds <= budgets.posterPrintFileSecondsMax!)}`,
  ];
}

/** The bench's section: both files against their budgets; null when they could not be made (the run is invalid). */
export async function reportPrintFiles(budgets: Record<string, number>): Promise<PrintFileFigures | null> {
  section("Print files: the print-files worker in Miniflare, a throwaway R2 (bench/print-files.ts)");
  try {
    const figures = await measurePrintFiles();
    for (const line of printFileLines(figures, budgets)) console.log(line);
    return figures;
  } catch (error) {
    console.error(`  ERROR: print files: ${errorText(error)}`);
    return null;
  }
}

if (import.meta.main) {
  const budgets = JSON.parse(readFileSync(path.join(ROOT, "bench/budgets.json"), "utf8")) as Record<string, number>;
  const figures = await measurePrintFiles();
  for (const line of printFileLines(figures, budgets)) console.log(line);
  console.log(JSON.stringify(figures, null, 2));
}
