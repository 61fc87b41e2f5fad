import type { CookieRule } from "@contract/marketing/cookies";

/** A cookie's value in a Cookie header as sent (not decoded); null when absent or empty. */
export function rawCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}

/**
 * A cookie's value in a Cookie header (decoded); null when absent, empty or not decodable (a broken cookie is none).
 */
export function readCookie(header: string | null, name: string): string | null {
  const value = rawCookie(header, name);
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

/**
 * A Set-Cookie value for one of the registry's cookies (contract/marketing/cookies.ts): Path=/, SameSite=Lax, Secure
 * on https, HttpOnly unless the page's scripts must read it, and the rule's lifetime.
 */
export function cookieHeader(
  rule: CookieRule,
  value: string,
  { secure, httpOnly = true }: { secure: boolean; httpOnly?: boolean },
) {
  return setCookieLine(rule, encodeURIComponent(value), { secure, httpOnly });
}

// What encodePairs writes: letters, digits, the marks form encoding leaves, its escapes and its separators.
const PAIRS = /^[A-Za-z0-9*._~%+=&-]*$/;

/**
 * A Set-Cookie value for a cookie of named values (contract/marketing/tracking.ts's encodePairs): written as it is, so
 * each value is encoded once (read back with rawCookie and decodePairs).
 */
export function pairsCookieHeader(rule: CookieRule, pairs: string, { secure }: { secure: boolean }) {
  if (!PAIRS.test(pairs)) throw new Error(`Not a cookie of pairs: ${rule.name}`);
  return setCookieLine(rule, pairs, { secure, httpOnly: true });
}

function setCookieLine(rule: CookieRule, value: string, { secure, httpOnly }: { secure: boolean; httpOnly: boolean }) {
  return [
    `${rule.name}=${value}`,
    "Path=/",
    httpOnly ? "HttpOnly" : null,
    "SameSite=Lax",
    rule.maxAgeSeconds === null ? null : `Max-Age=${rule.maxAgeSeconds}`,
    secure ? "Secure" : null,
  ]
    .filter(Boolean)
    .join("; ");
}

/** A Set-Cookie value that removes one of the registry's cookies. */
export function expiredCookieHeader(rule: CookieRule, { secure }: { secure: boolean }) {
  return [`${rule.name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", secure ? "Secure" : null]
    .filter(Boolean)
    .join("; ");
}
