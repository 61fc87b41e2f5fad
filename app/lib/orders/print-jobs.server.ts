import type { RouterContextProvider } from "react-router";
import type { Order } from "@contract/api/orders";
import type { PrintJob } from "@contract/api/print-files";
import { printedPages } from "@contract/creator/pages";
import { creatorDesignsApi } from "~/lib/creator/designs-api.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { keepOrderFiles } from "~/lib/uploads/keep.server";

/** The photos a design prints (their uploads), on every page. */
export function printedPhotos(document: PrintJob["document"]): string[] {
  const ids = printedPages(document).flatMap((page) =>
    page.elements.flatMap((element) => (element.kind === "photo" && element.upload ? [element.upload.id] : [])),
  );
  return [...new Set(ids)];
}

/**
 * Just placed (after the answer): each creator line's design version is read with the visitor's right to it, the
 * order keeps its files (previews, and the originals of every photo its designs print), then each line goes on the
 * print-files worker's queue, which makes its PDF (docs/decisions/0048) and keeps the job for the operator's remake
 * (`npm run order:print -- <ID> <LINE> --remake`). A failure to queue is logged: the line has no print file and no job.
 */
export async function keepAndPrint(
  context: Readonly<RouterContextProvider>,
  order: Pick<Order, "publicId" | "lines">,
): Promise<void> {
  const { env, log } = context.get(requestInfoContext);
  const designs = creatorDesignsApi(context);
  const jobs: PrintJob[] = [];
  for (const [index, line] of order.lines.entries()) {
    if (!line.designId?.startsWith("cd_") || !line.designVersion) continue;
    try {
      const design = await designs.get(line.designId, line.designVersion);
      if (!design?.articleKind) {
        log.line("ERROR", `Order ${order.publicId} line ${index + 1}: its design ${line.designId} cannot be read`);
        continue;
      }
      jobs.push({
        order: order.publicId,
        line: index + 1,
        design: design.id,
        version: line.designVersion,
        kind: design.articleKind,
        document: design.document,
      });
    } catch (error) {
      log.failure(`Order ${order.publicId} line ${index + 1}: its design could not be read`, error);
    }
  }
  await keepOrderFiles(
    context,
    order,
    jobs.flatMap((job) => printedPhotos(job.document)),
  );
  if (!jobs.length) return;
  try {
    await env.PRINT_JOBS.sendBatch(jobs.map((body) => ({ body, contentType: "json" as const })));
  } catch (error) {
    log.failure(`Order ${order.publicId}: its print jobs were not queued`, error);
  }
}
