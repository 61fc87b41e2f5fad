import type { RouterContextProvider } from "react-router";
import type { Order } from "@contract/api/orders";
import type { PrintJob } from "@contract/api/print-files";
import { printedPages } from "@contract/creator/pages";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
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
 * order keeps its files (previews, and the originals of every photo its designs print), then each line's job goes to
 * the print-files worker, which keeps it (for the operator's remake, `npm run order:print -- <ID> <LINE> --remake`)
 * and queues the line to make its PDF (docs/decisions/0048). A line it does not take is logged: it has no print file.
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
  await Promise.all(
    jobs.map(async (job) => {
      const answer = await env.PRINT_FILES.fetch("https://print-files.internal/prints/jobs", {
        method: "POST",
        body: JSON.stringify(job),
        headers: { "content-type": "application/json", [REQUEST_ID_HEADER]: log.requestId },
      }).catch((error: unknown) => error);
      if (answer instanceof Response && answer.ok) return;
      const message = `Order ${order.publicId} line ${job.line}: its print job was not queued`;
      if (answer instanceof Response)
        log.line("ERROR", message, { status: answer.status, answer: (await answer.text()).slice(0, 500) });
      else log.failure(message, answer);
    }),
  );
}
