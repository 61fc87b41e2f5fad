import { readFileSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import sharp from "sharp";
import { STEP_MS, type Journey, editorPath, editorReady } from "./journey.ts";

// Phone photos in the creator (issue 26, decision 0047), on a 10 x 15 cm photo print: a 12-megapixel photo stored on
// its side is sent smaller and upright; a photo of EXIF orientation 6 is shown upright; a PDF is refused on its row
// and never sent; a real HEIC (which Chromium cannot show) is decoded in the page, sent as a JPEG and placed.

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

/** A photo stored on its side with orientation 6 is sent as it is (small) and shown upright: red top left. */
export async function orientedPhotoUpright(j: Journey): Promise<string | void> {
  const before = await photosPlaced(j.page);
  const uploads = watchUploads(j.page);
  await j.page
    .locator("[data-testid=photo-input]")
    .setInputFiles({ name: "IMG_0006.JPG", mimeType: "image/jpeg", buffer: fixture("orientation-6.jpg") });
  await placedAfter(j.page, before);
  uploads.stop();
  const answer = await uploads.sent[0]?.answer;
  if (answer?.orientation !== 6 || answer.width !== 48 || answer.height !== 32)
    return `answered ${JSON.stringify(answer)}, expected 48 x 32 seen, orientation 6`;
  // The tray's thumbnail (the preview made by Images) read back: landscape, red in its top left corner.
  const tray = j.page.locator("[data-testid=photo-tray] img").last();
  await tray.evaluate((image: HTMLImageElement) => image.decode());
  const seen = await tray.evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    return {
      width: image.naturalWidth,
      height: image.naturalHeight,
      pixel: [...context.getImageData(3, 3, 1, 1).data],
    };
  });
  const [r, g, b] = seen.pixel;
  if (!(seen.width > seen.height && r! > 170 && g! < 70 && b! < 70))
    return `the thumbnail is ${seen.width} x ${seen.height} with ${seen.pixel.join(",")} top left, not upright`;
  // The stored original, as the design's preview for the cart and the order draws it (render-design.client.ts: an
  // image drawn on a canvas), is upright too: the browser applies the orientation the worker kept.
  const original = await j.page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    return {
      width: image.naturalWidth,
      height: image.naturalHeight,
      pixel: [...context.getImageData(3, 3, 1, 1).data],
    };
  }, String(answer.url));
  const [r2, g2, b2] = original.pixel;
  if (!(original.width === 48 && original.height === 32 && r2! > 170 && g2! < 70 && b2! < 70))
    return `the original draws ${original.width} x ${original.height} with ${original.pixel.join(",")} top left`;
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
