import type { RouterContextProvider } from "react-router";
import { uploadFactsSchema, type UploadFacts } from "@contract/api/uploads";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { requestInfoContext } from "~/lib/request/context/keys";
import { uploadOwners } from "./owners.server";

/**
 * One of this visitor's uploads as the uploads worker read its bytes (kind, pixels, size), or null when it is not
 * theirs or does not exist: what the server relies on, never what the browser says of a file.
 */
export async function uploadFacts(context: Readonly<RouterContextProvider>, id: string): Promise<UploadFacts | null> {
  const { env, log } = context.get(requestInfoContext);
  const answer = await env.UPLOADS.fetch(`https://uploads.internal/images/uploads/${encodeURIComponent(id)}/facts`, {
    headers: { "x-upload-owners": uploadOwners(context), [REQUEST_ID_HEADER]: log.requestId },
  });
  if (answer.status === 404) {
    await answer.body?.cancel();
    return null;
  }
  if (!answer.ok) throw new Error(`uploads worker answered ${answer.status} for the facts of ${id}`);
  return uploadFactsSchema.parse(await answer.json());
}
