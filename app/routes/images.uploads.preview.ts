import type { Route } from "./+types/images.uploads.preview";
import { previewQuery } from "@contract/api/upload-previews";
import { forwardToUploads } from "~/lib/uploads/forward.server";

/**
 * GET /images/uploads/:id/:preview: an image upload resized to a preview width, in a format of the spec
 * (`<Picture>` offers avif and webp before the JPG or PNG), for its owners only, as the upload itself is.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = previewQuery(params.preview);
  if (!query) throw new Response("Not Found", { status: 404 });
  const answer = await forwardToUploads(context, `/images/uploads/${encodeURIComponent(params.id)}?${query}`, request);
  if (answer.status === 404) throw new Response("Not Found", { status: 404 });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
