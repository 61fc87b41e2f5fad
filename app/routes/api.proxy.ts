import type { Route } from "./+types/api.proxy";
import { brandLocales } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import { errorResponse } from "@contract/http/errors";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { PROXY_ORIGIN } from "~/lib/product-api/client";

/**
 * The browser's door to the product API (GET only), open when CLIENT_API_REQUESTS is "true". The server sets the
 * ext_session_id from the visitor's session; the browser never chooses it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env, config, log } = context.get(requestInfoContext);
  if (!config.clientApiRequests) return errorResponse(403, "forbidden", "Client-side API requests are disabled");
  // An order is readable by public id alone upstream, and an account's records by the account id the app's loaders take
  // from the session: only those loaders may ask, never the browser with an id of its choosing. A creator design is
  // its owner's alone, read by the creator's loader.
  const url = new URL(request.url);
  if (
    /^\/*(tracking|operator|accounts|tickets|creator)(\/|$)/i.test(params["*"] ?? "") ||
    url.searchParams.has("account_id") ||
    url.searchParams.has("customer_id")
  ) {
    return errorResponse(404, "notFound", "Not available from the browser");
  }
  const session = context.get(sessionContext);
  const brand = context.get(brandContext);
  const asked = request.headers.get("x-locale");
  const locale = asked && brandLocales(brand).includes(asked as Locale) ? asked : context.get(localeContext);
  const upstream = new URL(`/${params["*"] ?? ""}`, PROXY_ORIGIN);
  upstream.search = url.search;
  const response = await env.API.fetch(
    new Request(upstream, {
      headers: {
        "x-ext-session-id": session.data.fotiApiClient.extSessionId,
        "x-brand": brand.slug,
        "x-locale": locale,
        "x-cache-strategy": session.exists ? "none" : "short",
        [REQUEST_ID_HEADER]: log.requestId,
      },
    }),
  );
  return new Response(response.body, {
    status: response.status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
