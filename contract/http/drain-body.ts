/**
 * Reads what is left of a request's body before its answer goes out. An answer sent while a body is still arriving (a
 * refusal by size or type, a broken form) makes the local serving layer, vite preview's miniflare dispatch over undici,
 * lose the connection: the refused request or the next one fails with a 500. A worker that receives a body passed on
 * from the storefront (an upload) drains it too, as the storefront cannot once it has handed the body over.
 * Cloudflare's edge does not mind; reading costs no more than the upload the client sends anyway.
 */
export async function drainBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  // A body another reader holds (locked) is that reader's to finish.
  await request.body.pipeTo(new WritableStream()).catch(() => undefined);
}

/** What draining needs of a Hono context, named here so that contract/ imports no Hono. */
type DrainedContext = { readonly req: { readonly raw: Request } };

/** A worker's middleware: once the handler has answered, whatever it left of the request's body is read (drainBody). */
export function drainAfterAnswer() {
  return async (c: DrainedContext, next: () => Promise<void>): Promise<void> => {
    await next();
    await drainBody(c.req.raw);
  };
}
