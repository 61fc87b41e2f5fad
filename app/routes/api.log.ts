import type { Route } from "./+types/api.log";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { logEntrySchema, requestLogFields, writeLog } from "~/lib/log/log.server";

/** POST { level, message } from the browser: stored with the request's user agent, referrer, url and session. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const entry = logEntrySchema.safeParse(await readJsonBody(request));
  if (!entry.success) {
    return Response.json({ error: "Expected { level: DEBUG|INFO|WARN|ERROR, message: text }" }, { status: 400 });
  }
  const session = context.get(sessionContext);
  const { env, log } = context.get(requestInfoContext);
  await writeLog(log, env.ANALYTICS_DB, {
    ...entry.data,
    session: session.exists ? session.id : null,
    ...requestLogFields(request),
  });
  return new Response(null, { status: 204 });
}
