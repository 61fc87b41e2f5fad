import type { Route } from "./+types/images.uploads";
import { forwardToUploads } from "~/lib/uploads/forward.server";

/** GET /images/uploads/:id: an upload, for its owners only (the uploads worker answers 404 to anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const answer = await forwardToUploads(context, `/images/uploads/${encodeURIComponent(params.id)}`, request);
  if (answer.status === 404) throw new Response("Not Found", { status: 404 });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
