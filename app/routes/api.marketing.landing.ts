import { z } from "zod";
import type { Route } from "./+types/api.marketing.landing";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { errorResponse, methodNotAllowed } from "@contract/http/errors";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { landingCookieHeaders, touchOf, withCookies } from "~/lib/marketing/landing-cookies.server";
import { brandContext } from "~/lib/request/context/keys";

const landingBody = z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2048), referrer: z.string().max(2048) });

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request.method, ["POST"]);

/**
 * POST { url, referrer }: the landing a page was opened with, sent by the page once the visitor answered the consent
 * banner (recordLandingAfterConsent); answers with the cookies the new consent allows, by the same rules as the edge.
 * The affiliate hit is not sent again: it went at the landing, whatever the consent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  const body = landingBody.safeParse(await readJsonBody(request));
  if (!body.success) return errorResponse(400, "badBody", "Expected { url: the page's URL, referrer: text }");
  const page = new URL(body.data.url);
  if (page.origin !== new URL(request.url).origin)
    return errorResponse(400, "badField", "url must be a page of this site", { fieldErrors: { url: "notThisSite" } });
  const touch = touchOf(page, body.data.referrer || null, context.get(brandContext).hosts);
  const cookies = touch
    ? landingCookieHeaders(touch, requestConsent(request), request.headers.get("cookie"), page.protocol === "https:")
    : [];
  return withCookies(new Response(null, { status: 204 }), cookies);
}
