const MAX_BODY_BYTES = 16 * 1024;

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; code: "badBody" | "tooLarge" | "unsupportedMediaType"; error: string };

/**
 * A small JSON request body, or why it is refused: 415 when it is not JSON, 413 when it is larger than the limit
 * (read no further than the limit, whatever Content-Length says), 400 when it does not parse.
 */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<JsonBody> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return { ok: false, status: 415, code: "unsupportedMediaType", error: "Expected Content-Type: application/json" };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    code: "tooLarge",
    error: `Expected a JSON body of at most ${maxBytes} bytes`,
  } as const;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return tooLarge;
  const bytes = await readAtMost(request, maxBytes);
  if (!bytes) return tooLarge;
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, code: "badBody", error: "Expected a JSON body: it does not parse" };
  }
}

/** The body's bytes, or null as soon as there are more than `maxBytes`. */
async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      // The rest is drained, not cancelled, before the answer (contract/http/drain-body.ts says why).
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A small JSON request body, or undefined when it is not JSON, too large or unparsable. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const body = await readJson(request);
  return body.ok ? body.value : undefined;
}
