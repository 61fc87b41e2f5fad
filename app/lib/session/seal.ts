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

/** Unseals an iron string; every failure is a SessionError whose message is one of SEAL_ERRORS. */
export async function unsealValue(sealed: string, password: string | undefined, skewSeconds: number): Promise<unknown> {
  const key = checkPassword(password);
  try {
    return await unseal(sealed, key, { ...defaults, timestampSkewSec: skewSeconds });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const known = SEAL_ERRORS.find((text) => message.startsWith(text));
    throw new SessionError(known ?? "Bad hmac value", { cause: error });
  }
}
