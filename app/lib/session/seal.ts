import { defaults, seal, unseal } from "iron-webcrypto";

/** The spec's seal error catalogue; iron-webcrypto raises the first six, the session layer the last two. */
export const SEAL_ERRORS = [
  "Password string too short",
  "Incorrect number of sealed components",
  "Wrong mac prefix",
  "Invalid expiration",
  "Expired seal",
  "Bad hmac value",
  "Session expired!",
  "Empty password",
] as const;

export class SessionError extends Error {
  override name = "SessionError";
}

function checkPassword(password: string | undefined): string {
  if (!password) throw new SessionError("Empty password");
  return password;
}

export async function sealValue(value: unknown, password: string | undefined, ttlSeconds: number): Promise<string> {
  return seal(value, checkPassword(password), { ...defaults, ttl: ttlSeconds * 1000 });
}

/**
 * Seals this isolate opened lately, with what they hold: a visitor's cookie is the same string on every request, and
 * opening it again (two keys derived, a MAC and a decryption) is most of a session read. Only a seal that opened is
 * kept, under its exact text and password, and only until its own expiry; the oldest goes first past OPENED_LIMIT.
 * Callers only read what it holds (openSeal parses it into a new object).
 */
const opened = new Map<string, { value: unknown; expires: number }>();
const OPENED_LIMIT = 2000;

/** The seal's expiry (ms since the epoch), its 6th field; 0 for none. */
const expiryOf = (sealed: string) => Number(sealed.split("*")[5]) || 0;

/** Unseals an iron string; every failure is a SessionError whose message is one of SEAL_ERRORS. */
export async function unsealValue(sealed: string, password: string | undefined, skewSeconds: number): Promise<unknown> {
  const key = checkPassword(password);
  const cacheKey = `${key}\u0000${sealed}`;
  const known = opened.get(cacheKey);
  if (known && (!known.expires || Date.now() < known.expires + skewSeconds * 1000)) return known.value;
  opened.delete(cacheKey);
  try {
    const value = await unseal(sealed, key, { ...defaults, timestampSkewSec: skewSeconds });
    opened.set(cacheKey, { value, expires: expiryOf(sealed) });
    if (opened.size > OPENED_LIMIT) opened.delete(opened.keys().next().value!);
    return value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const known = SEAL_ERRORS.find((text) => message.startsWith(text));
    throw new SessionError(known ?? "Bad hmac value", { cause: error });
  }
}
