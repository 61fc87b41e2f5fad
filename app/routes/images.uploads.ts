import type { Route } from "./+types/images.uploads";
import { requestInfoContext } from "~/lib/request/context";
import { uploadOwners } from "~/lib/uploads/owners.server";

/** GET /images/uploads/:id: an upload, for its owners only (the uploads worker answers 404 to anyone else). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const answer = await context.get(requestInfoContext).env.UPLOADS.fetch(`https://uploads.internal/images/uploads/${encodeURIComponent(params.id)}`, {
    headers: { "x-upload-owners": uploadOwners(context) },
  });
  if (answer.status === 404) throw new Response("Not Found", { status: 404 });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
