import { Hono } from "hono";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { formBody } from "@contract/rules/form-body";
import type { ProductApi } from "../http/api";

/**
 * Reflects what arrived, so the proxy's encoding can be checked end to end. Off unless EXPOSE_DEV_ENDPOINTS is "true".
 */
export const echo = new Hono<ProductApi>().all("/*", async (c) => {
  if (c.env.EXPOSE_DEV_ENDPOINTS !== "true") return c.notFound();
  const contentType = c.req.header("content-type") ?? null;
  const body = c.req.method === "GET" ? null : await formBody(c.req.raw);
  return c.json({
    method: c.req.method,
    path: c.req.path,
    query: Object.fromEntries(new URL(c.req.url).searchParams),
    contentType,
    body: body === null ? null : Object.fromEntries(body),
    cookie: c.req.header("cookie") ?? null,
    requestId: c.req.header(REQUEST_ID_HEADER) ?? null,
    authorized: true,
  });
});
