import type { RouterContextProvider } from "react-router";
import { uploadFactsSchema, type UploadFacts } from "@contract/api/uploads";
import { requestInfoContext } from "~/lib/request/context";
import { uploadOwners } from "./owners.server";

/**
 * One of this visitor's uploads as the uploads worker read its bytes (kind, pixels, size), or null when it is not
 * theirs or does not exist: what the server relies on, never what the browser says of a file.
 */
export async function uploadFacts(context: Readonly<RouterContextProvider>, id: string): Promise<UploadFacts | null> {
  const answer = await context.get(requestInfoContext).env.UPLOADS.fetch(`https://uploads.internal/images/uploads/${encodeURIComponent(id)}/facts`, {
    headers: { "x-upload-owners": uploadOwners(context) },
  });
  if (answer.status === 404) {
    await answer.body?.cancel();
    return null;
  }
  if (!answer.ok) throw new Error(`uploads worker answered ${answer.status} for the facts of ${id}`);
  return uploadFactsSchema.parse(await answer.json());
}
