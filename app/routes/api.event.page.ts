import type { Route } from "./+types/api.event.page";
import { EVENT_KINDS, pageEventSchema } from "~/lib/analytics/page-event";
import { pageEventMessage } from "~/lib/analytics/page-events.server";
import { isRobot } from "~/lib/analytics/robots.server";
import { currentVisit, endedVisitCookie, landingVisit, visitCookie } from "~/lib/analytics/visit.server";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { readJson } from "~/lib/forms/json-body.server";
import { recentLastTouch } from "~/lib/marketing/attribution.server";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";

const EXPECTED = `Expected a page event: { id (uuid), category, name, page { url, path, title, referrer }, platform, mobile } with ${Object.entries(
  EVENT_KINDS,
)
  .map(([category, names]) => `category "${category}" and name ${names.map((name) => `"${name}"`).join(" | ")}`)
  .join(", or ")}`;

/**
 * POST a page view or an interaction: queued with the visit it belongs to when the visitor allows analytics (the
 * consent cookie) and is not a crawler or a health check; otherwise 204 and nothing is kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { allow: "POST" } });
  const body = await readJson(request);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  const event = pageEventSchema.safeParse(body.value);
  if (!event.success) {
    const issues = event.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return Response.json({ error: EXPECTED, issues }, { status: 400 });
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
