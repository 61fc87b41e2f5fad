import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES, apiErrorSchema } from "@contract/api/errors";
import type { Logger } from "@contract/observability/log";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { errorBody, methodNotAllowed } from "@contract/http/errors";
import { requestLogging } from "@contract/observability/request-logging";
import { formBody } from "@contract/rules/form-body";
import { edgeCache } from "./edge-cache";
import { cacheKey, CACHE_STRATEGIES, type CacheStrategy } from "./cache";

type ApiProxy = { Bindings: ApiProxyEnv; Variables: { log: Logger } };

const cacheStrategy = z.enum(CACHE_STRATEGIES).catch("none");
/** What the storefront sends: reads as GET, changes as POST and DELETE (the product API's own methods). */
const PROXIED_METHODS = ["GET", "POST", "DELETE"];

/**
 * The one door to the product API. The app sends `/{path}` with its parameters (query for GET, form body for
 * POST and DELETE) and the headers x-ext-session-id, x-brand, x-locale and x-cache-strategy; the proxy adds the
 * bearer token and ext_session_id, forwards the cookies and the request's id, and maps failures to the spec's error.
 */
const app = new Hono<ApiProxy>()
  .use(requestLogging("api-proxy"))
  .use(drainAfterAnswer())
  .all("/*", async (c) => {
    const incoming = new URL(c.req.url);
    const method = c.req.method;
    if (!PROXIED_METHODS.includes(method)) return methodNotAllowed(method, PROXIED_METHODS);

    const extSessionId = c.req.header("x-ext-session-id") ?? "";
    const params = method === "GET" ? new URLSearchParams(incoming.search) : await formBody(c.req.raw);
    params.set("ext_session_id", extSessionId);

    const path = incoming.pathname;
    const upstreamUrl = new URL(path, c.env.UPSTREAM_URL || "https://product-api.internal");
    const headers = new Headers({
      authorization: `Bearer ${c.env.API_TOKEN}`,
      accept: "application/json",
      [REQUEST_ID_HEADER]: c.get("log").requestId,
    });
    const cookie = c.req.header("cookie");
    if (cookie) headers.set("cookie", cookie);
    for (const name of ["x-brand", "x-locale", "accept-language"]) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }

    let body: string | undefined;
    if (method === "GET") {
      upstreamUrl.search = params.toString();
    } else {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = params.toString();
    }

    const strategy: CacheStrategy = method === "GET" ? cacheStrategy.parse(c.req.header("x-cache-strategy")) : "none";
    const key = strategy === "none" ? null : cacheKey(c.req.header("x-brand"), c.req.header("x-locale"), path, params);
    if (key) {
      const hit = await edgeCache().match(key);
      if (hit) {
        const answer = new Response(hit.body, hit);
        answer.headers.set("x-cache", "HIT");
        return answer;
      }
    }

    const upstreamRequest = new Request(upstreamUrl, { method, headers, body });
    const response = await (c.env.UPSTREAM_URL ? fetch(upstreamRequest) : c.env.UPSTREAM.fetch(upstreamRequest));
    if (!response.ok) return mapFailure(response, await response.text(), path);

    // A success passes through as it streams: its body is never decoded here.
    const answer = new Response(response.body, {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    if (key) {
      answer.headers.set("cache-control", `public, max-age=${strategy === "long" ? 3600 : 60}`);
      c.executionCtx.waitUntil(edgeCache().put(key, answer.clone()));
      answer.headers.set("x-cache", "MISS");
    }
    return answer;
  })
  .onError((error, c) => {
    c.get("log").failure("api-proxy failed", error);
    return c.json(errorBody("internal", "Internal error"), 500);
  });

/**
 * A failed call becomes 500 'API Request failed {url}' with the API error as data (whole: a refused checkout step
 * carries its field errors beside the error); code 5004 passes as data.
 */
function mapFailure(response: Response, text: string, path: string): Response {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { error: { code: response.status, message: text.slice(0, 500) } };
  }
  const apiError = apiErrorSchema.safeParse(json);
  if (apiError.success && apiError.data.error.code === API_ERROR_CODES.noResults) {
    return new Response(text, { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
  }
  return Response.json({ message: `API Request failed ${path}`, data: json, status: response.status }, { status: 500 });
}

export default app;
