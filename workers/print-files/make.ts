import { printFileKey, printStatusKey, type PrintJob, type PrintStatus } from "@contract/api/print-files";
import { printedPages } from "@contract/creator/pages";
import { bleedBox, CROP_MARK_SLUG_MM, templateFor, type PrintTemplate } from "@contract/creator/templates";
import { drawArt } from "./art";
import { cropMarks, drawPhoto, drawText, hexColour, PT_PER_MM } from "./draw";
import { PrintFonts } from "./fonts";
import { PdfWriter, num, pdfString, type Sink } from "./pdf-writer";
import { embedPhoto, type EmbeddedPhoto } from "./photos";
import { preflight, type Ledger, type LedgerPage } from "./preflight";
import { R2Sink } from "./r2-sink";
import { PrintRefused } from "./refused";

export type PrintEnv = { UPLOADS_BUCKET: R2Bucket; IMAGES?: ImagesBinding; PRINT_PART_BYTES?: string };

const box = (values: number[]) => `[${values.map(num).join(" ")}]`;

/** A page's boxes in points: the media (the bleed, plus the crop marks' slug where the template wants marks). */
export function pageBoxes(template: PrintTemplate) {
  const slug = template.cropMarks ? CROP_MARK_SLUG_MM : 0;
  const bleed = bleedBox(template);
  const media = [0, 0, (bleed.width + 2 * slug) * PT_PER_MM, (bleed.height + 2 * slug) * PT_PER_MM];
  const inset = (mm: number) => [
    mm * PT_PER_MM,
    mm * PT_PER_MM,
    media[2]! - mm * PT_PER_MM,
    media[3]! - mm * PT_PER_MM,
  ];
  return { slug, media, bleed: inset(slug), trim: inset(slug + template.bleedMm) };
}

/**
 * Writes the design's print file into `sink`: one page per printed page (`printedPages`, the seam multi-page products
 * fill), each the template's bleed box with its trim box, photos from the order's originals, text in its fonts, art as
 * paths; returns what the preflight reads.
 */
export async function writePrintFile(env: PrintEnv, job: PrintJob, template: PrintTemplate, sink: Sink) {
  const writer = new PdfWriter(sink);
  await writer.begin();
  const pagesId = writer.allocate();
  const fonts = new PrintFonts(writer);
  const photos = new Map<string, EmbeddedPhoto & { resource: string }>();
  const boxes = pageBoxes(template);
  const origin = (boxes.slug + template.bleedMm) * PT_PER_MM;
  const bleed = bleedBox(template);
  const ledger: Ledger = { pages: [], fonts: [] };
  const kids: number[] = [];

  for (const [index, page] of printedPages(job.document).entries()) {
    const number = index + 1;
    const bleedRect = `${num(bleed.x)} ${num(bleed.y)} ${num(bleed.width)} ${num(bleed.height)} re`;
    // Millimetres from the trim's top left, y down; everything printed is clipped to the bleed (the slug keeps the
    // crop marks clear of it).
    const ops: string[] = [
      `${num(PT_PER_MM)} 0 0 ${num(-PT_PER_MM)} ${num(origin)} ${num(boxes.media[3]! - origin)} cm`,
      `q ${bleedRect} W n ${hexColour(job.document.background)} rg ${bleedRect} f`,
    ];
    const entry: LedgerPage = { number, media: boxes.media, bleed: boxes.bleed, trim: boxes.trim, images: [] };
    const used = new Set<string>();
    const opacities = new Set<number>();
    for (const element of page.elements) {
      if (element.kind === "photo") {
        if (!element.upload) continue;
        let photo = photos.get(element.upload.id);
        if (!photo) {
          const embedded = await embedPhoto(writer, env, job.order, element.upload.id);
          photo = { ...embedded, resource: `P${photos.size + 1}` };
          photos.set(element.upload.id, photo);
        }
        used.add(photo.resource);
        const drawn = drawPhoto(element, photo, photo.resource);
        ops.push(drawn.ops);
        entry.images.push({ element: element.id, name: photo.name, ppi: drawn.pixelsPerMm * 25.4 });
      } else if (element.kind === "text") ops.push(await drawText(element, fonts));
      else if (element.kind === "art") ops.push(drawArt(element, opacities));
      else throw new PrintRefused(`Page ${number}: an element of a kind the print file does not draw`);
    }
    ops.push("Q");
    if (template.cropMarks)
      ops.push(cropMarks({ width: template.widthMm, height: template.heightMm }, template.bleedMm, boxes.slug));
    const content = ops.join("\n");
    const contentId = await writer.stream("", new TextEncoder().encode(content).byteLength, content);
    const xobjects = [...photos.values()]
      .filter((photo) => used.has(photo.resource))
      .map((photo) => `/${photo.resource} ${photo.object} 0 R`)
      .join(" ");
    const states = [...opacities].map((key) => `/O${key} << /ca ${num(key / 1000)} /CA ${num(key / 1000)} >>`);
    const resources = `<< /XObject << ${xobjects} >> /Font << ${fonts.resources()} >> /ExtGState << ${states.join(" ")} >> >>`;
    kids.push(
      await writer.object(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox ${box(boxes.media)} /BleedBox ${box(boxes.bleed)} /TrimBox ${box(
          boxes.trim,
        )} /Resources ${resources} /Contents ${contentId} 0 R >>`,
      ),
    );
    ledger.pages.push(entry);
  }
  ledger.fonts = await fonts.writeAll();
  await writer.object(
    `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(" ")}] /Count ${kids.length} >>`,
    pagesId,
  );
  const catalog = await writer.object(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const info = await writer.object(
    `<< /Producer (storefront print-files) /Title ${pdfString(`${job.order} line ${job.line} ${job.design} v${job.version}`)} >>`,
  );
  await writer.finish(catalog, info);
  return { ledger, bytes: writer.size };
}

/**
 * Makes a line's print file, once per design version: a line whose status says made for this version is left as it is
 * (an operator's remake, remake.ts, first sets it to queued). The file is kept in R2 (`prints/{order}/{line}.pdf`) only
 * when the preflight passes; its status (made, or failed with the reason) beside it. The job it is made from was kept
 * before (jobs.ts), for the queue's consumer and a remake.
 */
export async function makePrintFile(env: PrintEnv, job: PrintJob): Promise<PrintStatus> {
  const started = Date.now();
  const known = await readStatus(env.UPLOADS_BUCKET, job.order, job.line);
  if (known?.state === "made" && known.design === job.design && known.version === job.version) return known;
  const template = templateFor(job.kind, job.document.size, job.document.landscape);
  const key = printFileKey(job.order, job.line);
  const sink = await R2Sink.open(env.UPLOADS_BUCKET, key, Number(env.PRINT_PART_BYTES || 8 * 1024 * 1024));
  const status = (state: PrintStatus["state"], reason: string | null, pages = 0, bytes = 0): PrintStatus => ({
    order: job.order,
    line: job.line,
    design: job.design,
    version: job.version,
    state,
    reason,
    pages,
    bytes,
    madeAt: new Date().toISOString(),
    tookMs: Date.now() - started,
  });
  let result: PrintStatus;
  try {
    const { ledger, bytes } = await writePrintFile(env, job, template, sink);
    const problems = preflight(ledger, template, printedPages(job.document).length);
    if (problems.length) throw new PrintRefused(problems.join("; "));
    await sink.complete();
    result = status("made", null, ledger.pages.length, bytes);
  } catch (error) {
    await sink.abort();
    if (!(error instanceof PrintRefused)) throw error;
    // An older version's file must not pass for this one.
    await env.UPLOADS_BUCKET.delete(key);
    result = status("failed", error.message);
  }
  await env.UPLOADS_BUCKET.put(printStatusKey(job.order, job.line), JSON.stringify(result), {
    httpMetadata: { contentType: "application/json" },
  });
  return result;
}

export async function readStatus(bucket: R2Bucket, order: string, line: number): Promise<PrintStatus | null> {
  const object = await bucket.get(printStatusKey(order, line));
  return object ? ((await object.json()) as PrintStatus) : null;
}
