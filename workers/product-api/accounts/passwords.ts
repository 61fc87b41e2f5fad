/**
 * Passwords as PBKDF2-SHA256 through Web Crypto, each with its own random salt, at 100,000 iterations: the most
 * workerd's PBKDF2 accepts. The count is stored with the hash, so it can grow without invalidating older hashes.
 */
export const PASSWORD_ITERATIONS = 100_000;

export type StoredPassword = { hash: string; salt: string; iterations: number };

const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64ToBytes = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<StoredPassword> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return { hash: bytesToBase64(hash), salt: bytesToBase64(salt), iterations: PASSWORD_ITERATIONS };
}

// Checked when the e-mail has no account, so that an unknown e-mail costs the same time as a wrong password.
const NO_ACCOUNT: StoredPassword = {
  hash: bytesToBase64(new Uint8Array(32)),
  salt: bytesToBase64(new Uint8Array(16)),
  iterations: PASSWORD_ITERATIONS,
};

/** Equal bytes, compared in a time that does not depend on where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let index = 0; index < a.byteLength; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** Whether the password opens this stored hash (or, for no account, runs the same work and says no). Constant time. */
export async function verifyPassword(password: string, stored: StoredPassword | null): Promise<boolean> {
  const against = stored ?? NO_ACCOUNT;
  const derived = await derive(password, base64ToBytes(against.salt), against.iterations);
  const expected = base64ToBytes(against.hash);
  return sameBytes(derived, expected) && stored !== null;
}
