import type { Route } from "./+types/design-picture";
import { designIdParams } from "@contract/api/saved-designs";
import { pageNotFound } from "~/lib/errors";
import { requestInfoContext } from "~/lib/request/context";
import { parseParams } from "~/lib/request/route-params";
import { savedDesignsApi } from "~/lib/saved-designs/api.server";

/**
 * /accounts/designs/{id}/picture: a saved design's preview (its author's upload) for an account that may see the
 * design, its author's group included; the uploads worker would let only the author read it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id } = parseParams(args.request, designIdParams.shape, args.params);
  const picture = await savedDesignsApi(args.context).picture(id);
  if (!picture) throw pageNotFound(args.request);
  const answer = await args.context.get(requestInfoContext).env.UPLOADS.fetch(`https://uploads.internal/images/uploads/${picture.upload}`, {
    headers: { "x-upload-owners": `account:${picture.author}` },
  });
  if (!answer.ok) throw pageNotFound(args.request);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
