import { readFileSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import sharp from "sharp";
import { STEP_MS, type Journey, editorPath, editorReady } from "./journey.ts";

// Phone photos in the creator (issue 26, decision 0047), on a 10 x 15 cm photo print: a 12-megapixel photo stored on
// its side is sent smaller and upright; photos of EXIF orientation 6 (a JPEG, a PNG, a WebP) are shown upright; a PDF
// is refused on its row and never sent; a real HEIC (which Chromium cannot show) is decoded in the page, sent as a JPEG and placed.

const FIXTURES = new URL("../../fixtures/photos/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

/** Every upload request's body size, and the answers' JSON, as the page sends them. */
function watchUploads(page: Page) {
  const sent: { bytes: number; answer: Promise<Record<string, unknown> | null> }[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.endsWith("/images/upload"))
      sent.push({
        bytes: request.postDataBuffer()?.length ?? 0,
        answer: request
          .response()
          .then((answer) => (answer ? (answer.json() as Promise<Record<string, unknown>>) : null))
          .catch(() => null),
      });
  };
  page.on("request", onRequest);
  return { sent, stop: () => page.off("request", onRequest) };
}

const photosPlaced = (page: Page) => page.locator("[data-testid=print-area] [data-kind=photo] image").count();

async function placedAfter(page: Page, before: number) {
  await page.waitForFunction(
    (count) => document.querySelectorAll("[data-testid=print-area] [data-kind=photo] image").length > count,
    before,
    { timeout: 60_000 },
  );
}

export async function opensPhotoPrint(j: Journey): Promise<string | void> {
  await j.page.goto(editorPath(j));
  await editorReady(j);
  await j.page.locator("[data-testid=tab-photos]").click();
}

/** 4032 x 3024 stored, orientation 6: seen 3024 x 4032. Sent as a smaller JPEG, upright (portrait). */
export async function bigPhotoSentSmaller(j: Journey): Promise<string | void> {
  const problems: string[] = [];
  const noise = { type: "gaussian", mean: 128, sigma: 30 } as const;
  const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#7a8a9a", noise } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const uploads = watchUploads(j.page);
  const before = await photosPlaced(j.page);
  await j.page
    .locator("[data-testid=photo-input]")
    .setInputFiles({ name: "IMG_0001.JPG", mimeType: "image/jpeg", buffer: photo });
  await placedAfter(j.page, before);
  uploads.stop();
  const [upload] = uploads.sent;
  const answer = await upload?.answer;
  if (!upload || !answer) return "no upload of the big photo was seen";
  if (!(upload.bytes < photo.length / 2)) problems.push(`sent ${upload.bytes} bytes of a ${photo.length}-byte photo`);
  const [width, height] = [Number(answer.width), Number(answer.height)];
  // The print's need: 10 x 15 cm (or the article's largest, 15 x 20) with bleed at 300 DPI, times 1.5.
  if (!(Math.max(width, height) < 4032 && Math.max(width, height) <= 3615))
    problems.push(`sent at ${width} x ${height}, not downsized to the print's need`);
  if (!(height > width)) problems.push(`sent at ${width} x ${height}: the orientation was not applied`);
  if (answer.orientation !== 1) problems.push(`orientation ${String(answer.orientation)} kept after re-encoding`);
  return problems.join("; ");
}

/**
 * A photo stored turned, with the EXIF orientation that shows it upright (tests/fixtures/photos/: 48 x 32 as seen,
 * red top left, green top right, blue bottom left), placed: the answer is `expected`, and the tray's thumbnail, the
 * stage's picture (previews made by Images) and the stored original as the design's preview for the cart and the order
 * draws it (render-design.client.ts: an image drawn on a canvas) are upright. A JPEG or PNG goes as it is (Chromium
 * and Images turn it by its EXIF, which the worker keeps); a WebP is turned in the page and sent as a JPEG (Chromium
 * does not apply a WebP's EXIF).
 */
export function orientedPhotoUpright(
  name: string,
  expected: { kind: string; orientation: number },
): (j: Journey) => Promise<string | void> {
  const mimeType = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" }[name.split(".").pop()!]!;
  return async (j) => {
    const before = await photosPlaced(j.page);
    const uploads = watchUploads(j.page);
    await j.page.locator("[data-testid=photo-input]").setInputFiles({ name, mimeType, buffer: fixture(name) });
    await placedAfter(j.page, before);
    uploads.stop();
    const answer = await uploads.sent[0]?.answer;
    if (
      answer?.kind !== expected.kind ||
      answer.orientation !== expected.orientation ||
      answer.width !== 48 ||
      answer.height !== 32
    )
      return `answered ${JSON.stringify(answer)}, expected a ${expected.kind} 48 x 32 seen, orientation ${expected.orientation}`;
    const tray = j.page.locator("[data-testid=photo-tray] img").last();
    await tray.evaluate((image: HTMLImageElement) => image.decode());
    const stage = await j.page
      .locator("[data-testid=print-area] [data-kind=photo] image")
      .last()
      .evaluate((image) => image.getAttribute("href") ?? "");
    const problems: string[] = [];
    for (const [what, url] of [
      ["the thumbnail", await tray.evaluate((image: HTMLImageElement) => image.currentSrc || image.src)],
      ["the stage's picture", stage],
      ["the original", String(answer.url)],
    ] as const) {
      const seen = await j.page.evaluate(async (source) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
        const [width, height] = [image.naturalWidth, image.naturalHeight];
        return { width, height, corners: [at(3, 3), at(width - 4, 3), at(3, height - 4)] };
      }, url);
      const [[r, g, b], [r2, g2, b2], [r3, g3, b3]] = seen.corners as [number[], number[], number[]];
      const upright =
        seen.width > seen.height &&
        r! > 170 &&
        g! < 70 &&
        b! < 70 &&
        r2! < 70 &&
        g2! > 150 &&
        b2! < 70 &&
        r3! < 70 &&
        g3! < 70 &&
        b3! > 170;
      if (!upright)
        problems.push(
          `${what} is ${seen.width} x ${seen.height}, corners ${JSON.stringify(seen.corners)}: not upright`,
        );
    }
    return problems.join("; ");
  };
}

/** A PDF: refused on its row, with the translated reason, and never sent. */
export async function pdfRefused(j: Journey): Promise<string | void> {
  const uploads = watchUploads(j.page);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await j.page
    .locator("[data-testid=photo-input]")
    .setInputFiles({ name: "poster.pdf", mimeType: "application/pdf", buffer: pdf });
  const row = j.page.locator("[data-testid=transfers] [data-state=failed]").filter({ hasText: "poster.pdf" });
  await row.waitFor({ state: "visible", timeout: STEP_MS });
  uploads.stop();
  const text = await row.innerText();
  const problems: string[] = [];
  if (!text.includes(j.t("creator.errors.notPhoto"))) problems.push(`the row says "${text}"`);
  if (uploads.sent.length) problems.push("the PDF was uploaded");
  if (await j.page.locator("[data-testid=transfers] [data-state=done]").filter({ hasText: "poster.pdf" }).count())
    problems.push("a finished bar for the PDF");
  return problems.join("; ");
}

/** A real HEIC (HEVC), which Chromium cannot show: decoded in the page, sent as a JPEG, placed and shown. */
export async function heicPlaced(j: Journey): Promise<string | void> {
  const before = await photosPlaced(j.page);
  const uploads = watchUploads(j.page);
  await j.page
    .locator("[data-testid=photo-input]")
    .setInputFiles({ name: "IMG_0007.HEIC", mimeType: "image/heic", buffer: fixture("phone.heic") });
  await placedAfter(j.page, before);
  uploads.stop();
  const answer = await uploads.sent[0]?.answer;
  if (answer?.kind !== "jpeg") return `the HEIC was stored as ${JSON.stringify(answer)}, not a JPEG`;
  const tray = j.page.locator("[data-testid=photo-tray] img").last();
  const width = await tray.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    return image.naturalWidth;
  });
  if (!(width > 0)) return "the HEIC's thumbnail does not show";
}
