import type { Route } from "./+types/images.upload";
import { uploadResultSchema } from "@contract/api/uploads";
import { methodNotAllowed } from "@contract/http/errors";
import { sessionContext } from "~/lib/request/context/keys";
import { forwardToUploads, uploadsAnswer } from "~/lib/uploads/forward.server";

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request.method, ["POST"]);

/**
 * POST /images/upload (SPEC 7): the browser's multipart form goes on, as it streams, to the uploads worker with its
 * owners named by the server; a refusal comes back with its message in the page's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  // The files belong to this session: it is kept from now on (a new visitor gets the cookie with the answer).
  context.get(sessionContext).ensure();
  const answer = await forwardToUploads(context, "/images/upload", request);
  return uploadsAnswer(context, answer, { status: 201, schema: uploadResultSchema });
}
