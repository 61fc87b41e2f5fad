/** The header that carries a request's id from worker to worker, and back in their answers (docs/decisions/0033). */
export const REQUEST_ID_HEADER = "x-request-id";

const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id a request goes by: the one it came with when that is well-formed (short, and nothing that could bend a log
 * line or a header), else a new one.
 */
export function requestIdFrom(candidate: string | null | undefined): string {
  return candidate && WELL_FORMED.test(candidate) ? candidate : crypto.randomUUID();
}
