/**
 * Reads what is left of a request's body before the response goes out. An answer sent while a POST's body is still
 * arriving (a refused cross-site form, a body that is no form) makes the local serving layer, vite preview's
 * miniflare dispatch over undici, lose the connection under the next request, which then fails with 500. Cloudflare's
 * edge does not mind; reading costs no more than the upload itself.
 */
export async function drainBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  // A body another reader holds (locked) is that reader's to finish.
  await request.body.pipeTo(new WritableStream()).catch(() => undefined);
}
