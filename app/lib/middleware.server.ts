import type { MiddlewareFunction } from "react-router";
import { data } from "react-router";
import { brandLocales } from "@contract/brands/brands";
import { apiContext, brandContext, localeContext, requestInfoContext, sessionContext } from "./context";
import { isCrossSiteStateChange } from "./csrf.server";
import { splitLocale } from "@contract/locales/paths";
import { requestLogFields, writeLog } from "./log.server";
import { ProductApiClient } from "./product-api/client";
import { pageUrl } from "./page-url";

/**
 * Refuses cross-site state changes, logs every error response at level ERROR, then commits the session and marks
 * personal responses private.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = context.get(sessionContext);
  const { env, waitUntil } = context.get(requestInfoContext);
  if (session.problem) {
    waitUntil(writeLog(env.ANALYTICS_DB, { level: "WARN", message: `Session discarded: ${session.problem}`, ...requestLogFields(request) }));
  }
  if (isCrossSiteStateChange(request) && !isSignedWebhook(request)) {
    throw data({ message: "Cross-site request refused" }, { status: 403 });
  }
  const response = await next();
  if (response.status >= 400) {
    const path = pageUrl(request).pathname;
    waitUntil(writeLog(env.ANALYTICS_DB, { level: "ERROR", message: `HTTP ${response.status} ${request.method} ${path}`, session: session.exists ? session.id : null, ...requestLogFields(request) }));
  }
  const cookie = await session.commit();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  if (cookie || session.exists) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The payment provider's webhook comes from its servers, without Origin; its HMAC signature authenticates it instead. */
const SIGNED_WEBHOOK_PATHS = new Set(["/api/payments/webhook"]);
function isSignedWebhook(request: Request) {
  return request.method === "POST" && SIGNED_WEBHOOK_PATHS.has(new URL(request.url).pathname);
}

/**
 * Picks the locale from the URL prefix (the brand's default when there is none or it is not the brand's; the
 * layouts answer such prefixes with 404) and sets up the product API client for it.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const brand = context.get(brandContext);
  const { locale: prefix } = splitLocale(pageUrl(request).pathname);
  const locale = prefix && brandLocales(brand).includes(prefix) ? prefix : brand.defaultLocale;
  context.set(localeContext, locale);

  const session = context.get(sessionContext);
  const { env, config } = context.get(requestInfoContext);
  context.set(
    apiContext,
    new ProductApiClient({
      transport: (apiRequest) => env.API.fetch(apiRequest),
      brand: brand.slug,
      locale,
      extSessionId: session.data.fotiApiClient.extSessionId,
      cookie: withoutCookie(request.headers.get("cookie"), config.cookieName),
      // Catalogue answers are the same for a guest with a cart as without one; a customer may one day see their own
      // prices, so their calls are never shared (docs/decisions/0007, addendum on carts).
      cacheable: !session.data.customer,
      clientCallsEnabled: config.clientApiRequests,
    }),
  );
  return next();
};

/** The visitor's cookies for the product API, less the storefront's own session cookie. */
function withoutCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  const kept = header.split(";").filter((part) => part.split("=")[0]?.trim() !== name).map((part) => part.trim());
  return kept.length ? kept.join("; ") : null;
}
