import type { Route } from "./+types/images.uploads.preview";
import { PREVIEW_FORMATS, PREVIEW_WIDTHS } from "@contract/api/upload-previews";
import { forwardToUploads } from "~/lib/uploads/forward.server";

/** `{width}.{format}`, from the closed sets of upload-previews.ts. */
const PREVIEW = new RegExp(`^(${PREVIEW_WIDTHS.join("|")})\\.(${PREVIEW_FORMATS.join("|")})$`);

/**
 * GET /images/uploads/:id/:preview: an image upload resized to a preview width, in a format of the spec
 * (`<Picture>` offers avif and webp before the JPG or PNG), for its owners only, as the upload itself is.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [, width, format] = PREVIEW.exec(params.preview) ?? [];
  if (!width || !format) throw new Response("Not Found", { status: 404 });
  const query = new URLSearchParams({ w: width, format });
  const answer = await forwardToUploads(context, `/images/uploads/${encodeURIComponent(params.id)}?${query}`, request);
  if (answer.status === 404) throw new Response("Not Found", { status: 404 });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
