import type { Route } from "./+types/api.log";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { errorResponse, methodNotAllowed } from "@contract/http/errors";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { logEntrySchema, requestLogFields, writeLog } from "~/lib/log/log.server";

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request.method, ["POST"]);

/** POST { level, message } from the browser: stored with the request's user agent, referrer, url and session. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  const entry = logEntrySchema.safeParse(await readJsonBody(request));
  if (!entry.success) return errorResponse(400, "badBody", "Expected { level: DEBUG|INFO|WARN|ERROR, message: text }");
  const session = context.get(sessionContext);
  const { env, log } = context.get(requestInfoContext);
  await writeLog(log, env.ANALYTICS_DB, {
    ...entry.data,
    session: session.exists ? session.id : null,
    ...requestLogFields(request),
  });
  return new Response(null, { status: 204 });
}
