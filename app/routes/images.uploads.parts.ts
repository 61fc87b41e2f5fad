import type { Route } from "./+types/images.uploads.parts";
import { z } from "zod";
import { uploadPartsSessionSchema, uploadResultSchema } from "@contract/api/uploads";
import { errorResponse } from "@contract/http/errors";
import { sessionContext } from "~/lib/request/context/keys";
import { forwardToUploads, uploadsAnswer } from "~/lib/uploads/forward.server";

/** What follows /images/uploads/parts: nothing (start), a session's id, and a part's number or `complete`. */
const PARTS_PATH = /^(?:(up_[A-Za-z0-9]{24})(?:\/(\d{1,5}|complete))?)?$/;
const partStored = z.object({ part: z.number().int().positive(), bytes: z.number().int().positive() });

/** Each call the path and method allow, and the success the browser gets from it. */
function callOf(method: string, splat: string) {
  const [, id, step] = PARTS_PATH.exec(splat) ?? [];
  if (!PARTS_PATH.test(splat)) return null;
  if (method === "POST" && !id) return { status: 201, schema: uploadPartsSessionSchema };
  if (method === "GET" && id && !step) return { status: 200, schema: uploadPartsSessionSchema };
  if (method === "PUT" && id && step && step !== "complete") return { status: 200, schema: partStored };
  if (method === "POST" && id && step === "complete") return { status: 201, schema: uploadResultSchema };
  if (method === "DELETE" && id && !step) return { status: 204, schema: null };
  return null;
}

const notFound = () =>
  errorResponse(404, "notFound", "Not found", { headers: { "Cache-Control": "private, no-store" } });

/**
 * /images/uploads/parts/*: a large file in resumable parts (contract/api/uploads.ts), forwarded to the uploads worker
 * as /images/upload is: this site's pages only (the Origin check), owners named by the server, refusals translated.
 */
async function forward({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const splat = params["*"] ?? "";
  const call = callOf(request.method, splat);
  if (!call) return notFound();
  // Starting one keeps the session, as a single upload does (a new visitor gets the cookie with the answer).
  if (request.method === "POST" && !splat) context.get(sessionContext).ensure();
  const answer = await forwardToUploads(context, `/images/uploads/parts${splat ? `/${splat}` : ""}`, request);
  return uploadsAnswer(context, answer, call);
}

export const loader = forward;
export const action = forward;
