import type { DesignDocument, DesignElement, TextElement } from "@contract/creator/document";
import { printedPages, type PrintedPage } from "@contract/creator/pages";
import type { PrintTemplate } from "@contract/creator/templates";
import { canvasFont, loadFontsFor } from "./fonts.client";
import { photoPlacement } from "./geometry";
import { MM_PER_POINT } from "./editing";
import { containPlacement, previewRaster, textLines, toPixels, type Raster } from "./print-layout";
import { uploadPath, uploadPreviewPath } from "@contract/api/upload-previews";

/**
 * The preview of the trimmed product, drawn in the browser with Canvas 2D from the same document, layout maths and
 * fonts as the editor (decision 0022). The print file is no longer drawn here: the print-files worker makes it from
 * the ordered version at the photos' full resolution (docs/decisions/0048). A
 * design of many pages is previewed from its first page (the cover), as `printedPages` gives it.
 */

export type Rendered = { blob: Blob; width: number; height: number };

function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = "async";
  image.src = src;
  return image.decode().then(() => image);
}

/** Every picture the layers show, by its URL (a photo that cannot be read fails the preview). */
async function loadPictures(elements: readonly DesignElement[]) {
  const sources = new Set<string>();
  for (const element of elements) {
    if (element.kind === "photo" && element.upload) sources.add(uploadPath(element.upload.id));
    if (element.kind === "art") sources.add(element.src);
  }
  // A 600 px preview needs no more than the photo's 1280 px preview (also what a HEIC becomes in every browser); the
  // original only where there is no preview.
  const load = (src: string) =>
    src.startsWith("/images/uploads/")
      ? loadImage(uploadPreviewPath(src, 1280, "jpg")).catch(() => loadImage(src))
      : loadImage(src);
  const entries = await Promise.all([...sources].map(async (src) => [src, await load(src)] as const));
  return new Map(entries);
}

function drawText(context: CanvasRenderingContext2D, text: TextElement) {
  context.fillStyle = text.colour;
  context.font = canvasFont(text, text.sizePt * MM_PER_POINT);
  context.textAlign = text.align;
  context.textBaseline = "alphabetic";
  for (const line of textLines(text)) context.fillText(line.text, line.x, line.baseline);
}

/** Draws a page's layers on the background into a context of the raster's size. */
function drawPage(
  context: CanvasRenderingContext2D,
  background: string,
  page: PrintedPage,
  raster: Raster,
  pictures: Map<string, HTMLImageElement>,
) {
  context.fillStyle = background;
  context.fillRect(0, 0, raster.width, raster.height);
  for (const element of page.elements) {
    context.save();
    const centre = toPixels(raster, element.x, element.y);
    context.translate(centre.x, centre.y);
    context.rotate((element.rotation * Math.PI) / 180);
    // From here on the context draws in the element's own millimetres.
    context.scale(raster.pxPerMm, raster.pxPerMm);
    if (element.kind === "photo" && element.upload) {
      const picture = pictures.get(uploadPath(element.upload.id));
      context.beginPath();
      context.rect(-element.width / 2, -element.height / 2, element.width, element.height);
      context.clip();
      const place = photoPlacement({ ...element, upload: element.upload });
      if (picture) context.drawImage(picture, place.x, place.y, place.width, place.height);
    } else if (element.kind === "art") {
      const picture = pictures.get(element.src);
      if (picture) {
        const natural = {
          width: picture.naturalWidth || element.width,
          height: picture.naturalHeight || element.height,
        };
        const place = containPlacement(natural, element);
        context.drawImage(picture, place.x, place.y, place.width, place.height);
      }
    } else if (element.kind === "text") drawText(context, element);
    context.restore();
  }
}

async function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, type, quality));
  if (!blob) throw new Error("The browser could not make the picture");
  return blob;
}

/** The preview of the trimmed product (600 px on its longer side), for the cart, the order and the saved designs. */
export async function renderPreview(document: DesignDocument, template: PrintTemplate): Promise<Rendered> {
  const page = printedPages(document)[0] ?? { id: "", elements: [] };
  const { elements } = page;
  const [pictures] = await Promise.all([
    loadPictures(elements),
    loadFontsFor(elements.filter((element): element is TextElement => element.kind === "text")),
  ]);
  const raster = previewRaster(template);
  const canvas = window.document.createElement("canvas");
  canvas.width = raster.width;
  canvas.height = raster.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  drawPage(context, document.background, page, raster, pictures);
  const blob = await toBlob(canvas, "image/jpeg", 0.85);
  canvas.width = canvas.height = 0;
  return { blob, width: raster.width, height: raster.height };
}
