import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { uploadPath } from "@contract/api/upload-previews";
import { uploadPartsRefusalSchema } from "@contract/api/uploads";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { translate } from "~/lib/i18n/translate.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { uploadOwners } from "./owners.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * A call to the uploads worker on the browser's behalf: its owners named by the server (never the browser), the body
 * streamed on with its content type and length.
 */
export function forwardToUploads(context: Readonly<RouterContextProvider>, path: string, request: Request) {
  const { env, log } = context.get(requestInfoContext);
  const headers = new Headers({ "x-upload-owners": uploadOwners(context), [REQUEST_ID_HEADER]: log.requestId });
  for (const name of ["content-type", "content-length"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = request.method === "GET" || request.method === "HEAD" ? null : request.body;
  return env.UPLOADS.fetch(`https://uploads.internal${path}`, { method: request.method, headers, body });
}

/**
 * The worker's answer for the browser: the success it expects (checked against the contract), or a refusal with its
 * message in the page's language. Anything else is the worker failing: an error, not an answer.
 */
export async function uploadsAnswer(
  context: Readonly<RouterContextProvider>,
  answer: Response,
  success: { status: number; schema: z.ZodType | null },
) {
  if (success.schema === null && answer.status === success.status) {
    await answer.body?.cancel();
    return new Response(null, { status: success.status, headers: NO_STORE });
  }
  const json: unknown = await answer.json().catch(() => null);
  const result = success.schema?.safeParse(json);
  if (answer.status === success.status && result?.success)
    return Response.json(result.data, { status: success.status, headers: NO_STORE });
  const refusal = uploadPartsRefusalSchema.safeParse(json);
  if (!refusal.success || answer.status >= 500) throw new Error(`uploads worker answered ${answer.status}`);
  const { code, limitMb, missing } = refusal.data.error;
  const message = translate(context, `uploads.errors.${code}`, { limit: limitMb });
  return Response.json(
    { error: { code, message, ...(missing ? { missing } : {}) } },
    { status: answer.status, headers: NO_STORE },
  );
}

/**
 * One upload (or, with `query`, its preview) read as owners the server has vouched for itself (an order the reader may
 * see, a design's author), passed on as the worker answers; null when they hold no such file.
 */
export async function readUploadAs(
  context: Readonly<RouterContextProvider>,
  owners: string,
  id: string,
  query = new URLSearchParams(),
) {
  const { env, log } = context.get(requestInfoContext);
  const answer = await env.UPLOADS.fetch(`https://uploads.internal${uploadPath(id)}?${query}`, {
    headers: { "x-upload-owners": owners, [REQUEST_ID_HEADER]: log.requestId },
  });
  if (answer.status === 404) {
    await answer.body?.cancel();
    return null;
  }
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
