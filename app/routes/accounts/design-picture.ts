import type { Route } from "./+types/design-picture";
import { designIdParams } from "@contract/api/saved-designs";
import { pageNotFound } from "~/lib/errors";
import { parseParams } from "~/lib/request/routing/route-params";
import { savedDesignsApi } from "~/lib/saved-designs/api.server";
import { readUploadAs } from "~/lib/uploads/forward.server";

/**
 * /accounts/designs/{id}/picture: a saved design's preview (its author's upload) for an account that may see the
 * design, its author's group included; the uploads worker would let only the author read it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id } = parseParams(args.request, designIdParams.shape, args.params);
  const picture = await savedDesignsApi(args.context).picture(id);
  if (!picture) throw pageNotFound(args.request);
  const file = await readUploadAs(args.context, `account:${picture.author}`, picture.upload);
  if (!file) throw pageNotFound(args.request);
  return file;
}
