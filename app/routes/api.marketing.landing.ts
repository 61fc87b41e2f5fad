import { z } from "zod";
import type { Route } from "./+types/api.marketing.landing";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { landingCookieHeaders, touchOf, withCookies } from "~/lib/marketing/landing-cookies.server";
import { brandContext } from "~/lib/request/context/keys";

const landingBody = z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2048), referrer: z.string().max(2048) });

/**
 * POST { url, referrer }: the landing a page was opened with, sent by the page once the visitor answered the consent
 * banner (recordLandingAfterConsent); answers with the cookies the new consent allows, by the same rules as the edge.
 * The affiliate hit is not sent again: it went at the landing, whatever the consent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const body = landingBody.safeParse(await readJsonBody(request));
  if (!body.success)
    return Response.json({ error: "Expected { url: the page's URL, referrer: text }" }, { status: 400 });
  const page = new URL(body.data.url);
  if (page.origin !== new URL(request.url).origin)
    return Response.json({ error: "url must be a page of this site" }, { status: 400 });
  const touch = touchOf(page, body.data.referrer || null, context.get(brandContext).hosts);
  const cookies = touch
    ? landingCookieHeaders(touch, requestConsent(request), request.headers.get("cookie"), page.protocol === "https:")
    : [];
  return withCookies(new Response(null, { status: 204 }), cookies);
}
