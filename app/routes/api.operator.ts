import type { Route } from "./+types/api.operator";
import { errorBodySchema, errorResponse, methodNotAllowed } from "@contract/http/errors";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { sha256Hex } from "@contract/rules/sha256";
import { PROXY_ORIGIN } from "~/lib/product-api/client";
import { ProductApiError } from "~/lib/product-api/product-api-error";
import { requestInfoContext } from "~/lib/request/context/keys";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The operator scripts' door (`npm run order:status`, `npm run ticket:reply`) to the product API's /operator endpoints
 * through the running server, so that only one process writes the local database. It takes the server's own
 * API_TOKEN as a bearer token, never a cookie (no session, so no cross-site risk); without it the door does not exist.
 * Where the product API keeps its development endpoints closed (everywhere but locally), it answers 404 behind it.
 */
async function forward({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { env, log } = context.get(requestInfoContext);
  const presented = request.headers.get("authorization") ?? "";
  // Compared as digests: the time taken says nothing about how much of the token was right.
  if (!env.API_TOKEN || (await sha256Hex(presented)) !== (await sha256Hex(`Bearer ${env.API_TOKEN}`)))
    return errorResponse(404, "notFound", "Not found");
  const path = params["*"] ?? "";
  // An order line's print file (PDF), its status or its remake, by the print-files worker (docs/decisions/0048).
  if (path.startsWith("prints/")) return printFile(request, path, env.PRINT_FILES, log.requestId);
  if (request.method !== "GET" && request.method !== "POST") return methodNotAllowed(request.method, ["GET", "POST"]);

  let body: string | undefined;
  if (request.method === "POST") {
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
      return errorResponse(415, "unsupportedMediaType", "Send the fields as application/x-www-form-urlencoded");
    body = await request.text();
    if (new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES)
      return errorResponse(413, "tooLarge", `The body is over ${MAX_BODY_BYTES} bytes`);
  }
  const upstream = new URL(`/operator/${path}`, PROXY_ORIGIN);
  upstream.search = new URL(request.url).search;
  const response = await env.API.fetch(
    new Request(upstream, {
      method: request.method,
      body,
      headers: {
        [REQUEST_ID_HEADER]: log.requestId,
        ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
    }),
  );
  if (response.ok)
    return new Response(response.body, {
      status: response.status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  // The proxy wraps a refusal as 500 'API Request failed' with the API's error and status inside: unwrapped here.
  const failure = ProductApiError.fromProxyAnswer(
    upstream.pathname,
    response.status,
    await response.json().catch(() => null),
  );
  const status = failure.status >= 400 && failure.status < 600 ? failure.status : 502;
  // The product API's own error (in the one shape, its numeric code) when it gave one.
  const refused = errorBodySchema.safeParse(failure.body);
  if (refused.success) return Response.json(refused.data, { status });
  return errorResponse(status, "upstreamFailed", `The product API answered ${response.status}`);
}

const PRINT_PATH = /^prints\/[A-Za-z0-9_-]{1,64}\/\d{1,3}(\/status|\/remake)?$/;

/**
 * `prints/{order}/{line}` (the PDF) and `prints/{order}/{line}/status`, read; `prints/{order}/{line}/remake` (POST, no
 * body) queues the file to be made again. Answered as the worker answers them.
 */
async function printFile(request: Request, path: string, printFiles: Fetcher, requestId: string) {
  if (!PRINT_PATH.test(path))
    return errorResponse(
      404,
      "notFound",
      "No such print file: prints/{order}/{line}, prints/{order}/{line}/status or prints/{order}/{line}/remake",
    );
  const method = path.endsWith("/remake") ? "POST" : "GET";
  if (request.method !== method) return methodNotAllowed(request.method, [method]);
  const answer = await printFiles.fetch(`https://print-files.internal/${path}`, {
    method,
    headers: { [REQUEST_ID_HEADER]: requestId },
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export const loader = (args: Route.LoaderArgs) => forward(args);
export const action = (args: Route.ActionArgs) => forward(args);
