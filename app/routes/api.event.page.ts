import type { Route } from "./+types/api.event.page";
import { EVENT_KINDS, pageEventSchema } from "~/lib/analytics/page-event";
import { pageEventMessage } from "~/lib/analytics/page-events.server";
import { isRobot } from "~/lib/analytics/robots.server";
import { currentVisit, endedVisitCookie, landingVisit, visitCookie } from "~/lib/analytics/visit.server";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { errorResponse, issuesOf, methodNotAllowed } from "@contract/http/errors";
import { readJson } from "~/lib/forms/json-body.server";
import { recentLastTouch } from "~/lib/marketing/attribution.server";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";

const EXPECTED = `Expected a page event: { id (uuid), category, name, page { url, path, title, referrer }, platform, mobile } with ${Object.entries(
  EVENT_KINDS,
)
  .map(([category, names]) => `category "${category}" and name ${names.map((name) => `"${name}"`).join(" | ")}`)
  .join(", or ")}`;

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request.method, ["POST"]);

/**
 * POST a page view or an interaction: queued with the visit it belongs to when the visitor allows analytics (the
 * consent cookie) and is not a crawler or a health check; otherwise 204 and nothing is kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  const body = await readJson(request);
  if (!body.ok) return errorResponse(body.status, body.code, body.error);
  const event = pageEventSchema.safeParse(body.value);
  if (!event.success) {
    const { message, fieldErrors } = issuesOf(event.error);
    return errorResponse(400, "badField", `${EXPECTED}. ${message}`, { fieldErrors });
  }

  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const visit = currentVisit(request);
  if (!requestConsent(request)?.analytics) {
    return new Response(null, { status: 204, headers: visit ? { "set-cookie": endedVisitCookie(secure) } : {} });
  }
  if (isRobot(request.headers.get("user-agent"))) return new Response(null, { status: 204 });

  const brand = context.get(brandContext);
  // A page view with no live visit starts one; an interaction belongs to the visit it happens in (if any).
  const landing = event.data.category === "page" && !visit;
  const current = landing
    ? landingVisit(event.data.page, [...brand.hosts, url.hostname], recentLastTouch(request))
    : visit;
  const session = context.get(sessionContext);
  await context.get(requestInfoContext).env.EVENTS.send(
    pageEventMessage(event.data, request, {
      session: session.exists ? session.id : null,
      brand: brand.slug,
      visit: current,
      landing,
    }),
  );
  return Response.json(
    { queued: true },
    { status: 202, headers: current ? { "set-cookie": visitCookie(current, secure) } : {} },
  );
}
