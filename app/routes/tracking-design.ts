import type { Route } from "./+types/tracking-design";
import { previewQuery } from "@contract/api/upload-previews";
import { uploadId } from "@contract/api/uploads";
import { pageNotFound } from "~/lib/errors";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";
import { requireTrackedOrder } from "~/lib/tracking/access.server";
import { readUploadAs } from "~/lib/uploads/forward.server";

/**
 * GET /tracking/{public_id}/designs/{upload_id}[/{width}.{format}]: the preview of a design an order holds, for whoever
 * may see the order (its session, its account or its group, or the e-mail lookup): read from the order's own copy in
 * the uploads worker.
 */
export async function loader(args: Route.LoaderArgs) {
  const { public_id, upload_id } = parseParams(
    args.request,
    { public_id: routeParams.publicId, upload_id: uploadId },
    args.params,
  );
  // Resized and in the browser's format (`/320.webp`), as an owner's upload preview is; or the file itself.
  const query = args.params.preview === undefined ? new URLSearchParams() : previewQuery(args.params.preview);
  if (!query) throw pageNotFound(args.request);
  const order = await requireTrackedOrder(args, public_id);
  if (!order.lines.some((line) => line.designPreview === upload_id)) throw pageNotFound(args.request);
  const file = await readUploadAs(args.context, `order:${order.publicId}`, upload_id, query);
  if (!file) throw pageNotFound(args.request);
  return file;
}
