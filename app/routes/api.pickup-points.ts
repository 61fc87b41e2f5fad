import { z } from "zod";
import type { Route } from "./+types/api.pickup-points";
import { CARRIERS } from "@contract/brands/brands";
import { errorResponse, issuesOf } from "@contract/http/errors";
import { checkoutApi } from "~/lib/checkout/api.server";
import { brandContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";

const query = z.object({
  postcode: z.string().trim().min(1).max(12).regex(/\d/),
  kind: z.enum(["CARRIER", "PARTNER"]).default("CARRIER"),
  carrier: z.enum(CARRIERS),
});

/**
 * The checkout's pickup-point search: the ten nearest points of one of the brand's carriers, in the brand's country.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = {
    "Cache-Control": context.get(sessionContext).exists ? "private, no-store" : "public, max-age=300",
    Vary: "Cookie",
  };
  const parsed = query.safeParse(Object.fromEntries(pageUrl(request).searchParams));
  // The empty list still comes with a refusal: the picker shows no points.
  if (!parsed.success)
    return errorResponse(400, "badField", issuesOf(parsed.error, "query").message, {
      fieldErrors: issuesOf(parsed.error, "query").fieldErrors,
      data: { items: [] },
      headers,
    });
  if (!context.get(brandContext).carriers.includes(parsed.data.carrier))
    return errorResponse(400, "badField", "carrier: not one of the brand's", {
      fieldErrors: { carrier: "notTheBrands" },
      data: { items: [] },
      headers,
    });
  return Response.json(await checkoutApi(context).pickupPoints(parsed.data), { headers });
}
