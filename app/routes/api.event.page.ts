import type { Route } from "./+types/api.event.page";
import { pageEventSchema } from "~/lib/analytics/page-event";
import { isRobot, pageEventMessage } from "~/lib/analytics/page-events.server";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context";
import { readJsonBody } from "~/lib/forms/json-body.server";

/** POST a page event: queued when the visitor's consent allows analytics and it is not a crawler or a health check. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const event = pageEventSchema.safeParse(await readJsonBody(request));
  if (!event.success) return Response.json({ error: "Expected a page event", issues: event.error.issues.map((issue) => issue.path.join(".")) }, { status: 400 });
  const session = context.get(sessionContext);
  if (!requestConsent(request)?.analytics || isRobot(request.headers.get("user-agent"))) return new Response(null, { status: 204 });
  await context.get(requestInfoContext).env.EVENTS.send(
    pageEventMessage(event.data, request, session.exists ? session.id : null, context.get(brandContext).slug),
  );
  return Response.json({ queued: true }, { status: 202 });
}
