import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ROOT } from "../server.ts";
import { STEP_MS, type Journey } from "./journey.ts";

// The ordered line's print file, made by the print-files worker (docs/decisions/0048), against what the shopper saw:
// downloaded through the operator's door, its trim box rasterised with poppler's pdftoppm, and compared with the
// design's preview (drawn by the editor in the browser) at a small size, pixel by pixel.

/**
 * Mean difference of grey levels (0 to 255) allowed at `SIDE` pixels wide: the four journeys measured 0.5 to 0.8; a
 * grey photo a tenth of the width off on the white mug would be about 5.
 */
export const TOLERANCE = 3;
const SIDE = 96;

function operatorToken() {
  for (const file of [".dev.vars", "build/server/.dev.vars"]) {
    const path = join(ROOT, file);
    const token = existsSync(path) ? /^API_TOKEN=(.+)$/m.exec(readFileSync(path, "utf8"))?.[1]?.trim() : undefined;
    // The build's copy quotes its values.
    if (token) return token.replace(/^'(.*)'$/, "$1");
  }
  throw new Error("no API_TOKEN in .dev.vars");
}

const box = (pdf: string, name: string) => {
  const found = new RegExp(`/${name} \\[([-\\d. ]+)\\]`).exec(pdf);
  if (!found) throw new Error(`the print file has no ${name}`);
  return found[1]!.split(" ").map(Number);
};

/** A GET from the page itself (its origin's host resolves only in the browser): status, type and bytes. */
export async function fetchInPage(j: Journey, url: string, headers: Record<string, string> = {}) {
  const answer = await j.page.evaluate(
    async ({ url, headers }) => {
      const response = await fetch(url, { headers });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = "";
      for (let at = 0; at < bytes.length; at += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return { status: response.status, type: response.headers.get("content-type") ?? "", base64: btoa(binary) };
    },
    { url, headers },
  );
  return { ...answer, bytes: Buffer.from(answer.base64, "base64") };
}

/**
 * The order line's print file once the queue has made it (polling the operator's status door for up to `waitMs`), or
 * why there is none.
 */
export async function madePrintFile(j: Journey, order: string, line: number, waitMs = STEP_MS) {
  const { page } = j;
  const headers = { authorization: `Bearer ${operatorToken()}` };
  const door = `/api/operator/prints/${encodeURIComponent(order)}/${line}`;
  const until = Date.now() + waitMs;
  let state = "";
  while (Date.now() < until) {
    const answer = await fetchInPage(j, `${door}/status`, headers);
    if (answer.status === 200) {
      const status = JSON.parse(answer.bytes.toString("utf8")) as { state: string; reason: string | null };
      if (status.state === "failed") return { problem: `the print file failed: ${status.reason}` };
      state = status.state;
      if (state === "made") break;
    }
    await page.waitForTimeout(250);
  }
  if (state !== "made") return { problem: `no print file for ${order} line ${line} after ${waitMs / 1000} s` };
  const pdf = await fetchInPage(j, door, headers);
  if (pdf.type !== "application/pdf") return { problem: `the print file came as ${pdf.type} (HTTP ${pdf.status})` };
  return { bytes: pdf.bytes };
}

/**
 * Every page's trim box rasterised by pdftoppm at 36 dpi (PNG files, in page order), with the PDF's page count as
 * poppler's pdfinfo reads it and the trim box's width over its height.
 */
export function rasterisedPages(bytes: Buffer) {
  const text = bytes.toString("latin1");
  const [, , , mediaTop] = box(text, "MediaBox");
  const [left, bottom, right, top] = box(text, "TrimBox") as [number, number, number, number];
  const folder = mkdtempSync(join(tmpdir(), "e2e-print-"));
  try {
    writeFileSync(join(folder, "print.pdf"), bytes);
    const info = execFileSync("pdfinfo", [join(folder, "print.pdf")], { encoding: "utf8" });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    // 36 dpi: the trim box is cropped in pixels of that resolution (pdftoppm's -x -y -W -H), on every page alike.
    const scale = 36 / 72;
    execFileSync("pdftoppm", [
      ...["-r", "36", "-png"],
      ...["-x", String(Math.round(left * scale)), "-y", String(Math.round((mediaTop! - top) * scale))],
      ...["-W", String(Math.round((right - left) * scale)), "-H", String(Math.round((top - bottom) * scale))],
      join(folder, "print.pdf"),
      join(folder, "page"),
    ]);
    const pages = readdirSync(folder)
      .filter((name) => /^page-\d+\.png$/.test(name))
      .sort()
      .map((name) => readFileSync(join(folder, name)));
    return { count, pages, aspect: (right - left) / (top - bottom) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A picture at `SIDE` pixels wide and the trim box's proportions: grey levels, or colours with `channels` 3. */
export async function small(picture: Uint8Array, aspect: number, channels: 1 | 3 = 1) {
  const height = Math.max(1, Math.round(SIDE / aspect));
  const resized = sharp(picture).resize(SIDE, height, { fit: "fill" }).removeAlpha();
  return (channels === 1 ? resized.greyscale() : resized).raw().toBuffer();
}

/** Mean difference of two pictures of one size, in levels (0 to 255) per channel. */
export function distance(a: Buffer, b: Buffer) {
  let total = 0;
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index]! - (b[index] ?? 0));
  return total / a.length;
}

export async function printFileMatchesPreview(j: Journey): Promise<string | void> {
  const { page } = j;
  const order = (await page.locator("[data-testid=order-public-id]").innerText()).trim();
  // Made after the order's answer, through the queue: a few seconds at most.
  const made = await madePrintFile(j, order, 1);
  if (!made.bytes) return made.problem;
  const { pages, aspect } = rasterisedPages(made.bytes);
  const preview = page.locator("[data-testid=order-lines] [data-testid=line-design-preview]").first();
  const source = await preview.evaluate((image) => (image as HTMLImageElement).currentSrc);
  const previewBytes = (await fetchInPage(j, source)).bytes;
  const [printed, seen] = await Promise.all([small(pages[0]!, aspect), small(previewBytes, aspect)]);
  const mean = distance(printed, seen);
  j.h.log(`info  ${j.label} print file ${order}/1 against the preview: ${mean.toFixed(1)} grey levels apart`);
  if (mean > TOLERANCE)
    return `the print file's trim box differs from the preview by ${mean.toFixed(1)} grey levels on average (at most ${TOLERANCE})`;
}
