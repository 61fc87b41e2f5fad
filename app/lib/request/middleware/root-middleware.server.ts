import type { MiddlewareFunction } from "react-router";
import { data } from "react-router";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { mirrorConsent } from "~/lib/consent/record-consent.server";
import type { ErrorData } from "~/lib/errors";
import { requestLogFields, storeLogEntry, writeLog } from "~/lib/log/log.server";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { isCrossSiteStateChange } from "~/lib/request/security/origin-check.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { shellData, type RootData } from "~/lib/request/rendering/shell-data.server";

/**
 * Names the route for the request's line, refuses cross-site state changes, keeps the session's consent fields equal
 * to the consent cookie (before the request for a session that exists, after it for one the request made), keeps
 * every error response in log_entries at level ERROR (its line is the request's own, workers/app.ts), then commits
 * the session and marks personal responses private.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const session = context.get(sessionContext);
  const { env, waitUntil, log } = context.get(requestInfoContext);
  log.matched(pattern);
  if (session.problem) {
    waitUntil(
      writeLog(log, env.ANALYTICS_DB, {
        level: "WARN",
        message: `Session discarded: ${session.problem}`,
        ...requestLogFields(request),
      }),
    );
  }
  if (isCrossSiteStateChange(request) && !isServerToServer(request)) {
    throw data<ErrorData<RootData>>(
      { message: "Cross-site request refused", shell: await shellData(request, context) },
      { status: 403 },
    );
  }
  const hadSession = session.exists;
  if (hadSession) mirrorConsent(session, requestConsent(request));
  const response = await next();
  if (!hadSession) mirrorConsent(session, requestConsent(request));
  if (response.status >= 400) {
    const path = pageUrl(request).pathname;
    waitUntil(
      storeLogEntry(env.ANALYTICS_DB, {
        level: "ERROR",
        message: `HTTP ${response.status} ${request.method} ${path}`,
        session: session.exists ? session.id : null,
        ...requestLogFields(request),
      }),
    );
  }
  const cookie = await session.commit();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  if (cookie || (session.exists && !isOwnImmutableFile(response)))
    response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/**
 * A visitor's own file that never changes under its id (an upload or its preview: `private, immutable`): the browser
 * may keep it, so the creator does not fetch a photo again on every visit. Never for an answer that sets a cookie.
 */
function isOwnImmutableFile(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return /\bprivate\b/.test(cacheControl) && /\bimmutable\b/.test(cacheControl);
}

/**
 * Calls from servers, without Origin, authenticated by what they carry rather than a cookie: the payment provider's
 * webhook (its HMAC signature) and the operator scripts (the server's API token as a bearer token).
 */
function isServerToServer(request: Request) {
  const path = new URL(request.url).pathname;
  return (request.method === "POST" && path === "/api/payments/webhook") || path.startsWith("/api/operator/");
}
