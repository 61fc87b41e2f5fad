const decoder = new TextDecoder();

/**
 * A form-encoded body's fields. Its bytes are decoded here: `.text()` on such a body makes workerd warn that it may not
 * be text. A body that is not form-encoded gives whatever fields its text happens to hold; the caller checks them.
 */
export async function formBody(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(decoder.decode(await request.arrayBuffer()));
}
