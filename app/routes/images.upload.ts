import type { Route } from "./+types/images.upload";
import { uploadRefusalSchema, uploadResultSchema } from "@contract/api/uploads";
import { requestInfoContext, sessionContext } from "~/lib/request/context";
import { translate } from "~/lib/i18n/translate.server";
import { uploadOwners } from "~/lib/uploads/owners.server";

const notAllowed = () => Response.json({ error: { code: "badField", message: "Method not allowed" } }, { status: 405, headers: { Allow: "POST" } });

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = () => notAllowed();

/**
 * POST /images/upload (SPEC 7): the browser's multipart form goes on, as it streams, to the uploads worker with its
 * owners named by the server; a refusal comes back with its message in the page's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  const session = context.get(sessionContext);
  // The files belong to this session: it is kept from now on (a new visitor gets the cookie with the answer).
  session.ensure();
  const headers = new Headers({ "x-upload-owners": uploadOwners(context) });
  for (const name of ["content-type", "content-length"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const answer = await context.get(requestInfoContext).env.UPLOADS.fetch("https://uploads.internal/images/upload", {
    method: "POST",
    headers,
    body: request.body,
  });
  const json: unknown = await answer.json().catch(() => null);
  const noStore = { "Cache-Control": "private, no-store" };
  const result = uploadResultSchema.safeParse(json);
  if (answer.status === 201 && result.success) return Response.json(result.data, { status: 201, headers: noStore });
  const refusal = uploadRefusalSchema.safeParse(json);
  if (!refusal.success || answer.status >= 500) throw new Error(`uploads worker answered ${answer.status}`);
  const { code, limitMb } = refusal.data.error;
  return Response.json({ error: { code, message: translate(context, `uploads.errors.${code}`, { limit: limitMb }) } }, { status: answer.status, headers: noStore });
}
