import { readCookie } from "~/lib/request/cookies/cookie-headers";
import { sha256Hex } from "@contract/rules/sha256";
import { isolateMemory } from "@contract/memory/isolate-memories";

/**
 * The sign-in endpoints' CSRF protection, as Auth.js does it (double submit): a random token in an HttpOnly cookie,
 * signed with the server's secret (`token|sha256(token + secret)`), which every POST must send back in its body.
 */
const COOKIE = "authjs.csrf-token";

export const csrfCookieName = (url: URL) => (url.protocol === "https:" ? `__Host-${COOKIE}` : COOKIE);

const sign = (token: string, secret: string) => sha256Hex(`${token}${secret}`);

/**
 * Cookie values this isolate found genuine: a signed-in visitor sends the same one on every page, and its signature
 * cannot stop being right while the secret stays the same (a digest is about half a millisecond in workerd).
 */
const genuine = isolateMemory<string, string>({
  name: "sign-in CSRF cookies found genuine",
  maxEntries: 1000,
  ttl: "the isolate's life (a signature stays right while the secret does)",
});

/** The request's token when its cookie is genuine, else null. */
async function tokenOfCookie(request: Request, secret: string): Promise<string | null> {
  const value = readCookie(request.headers.get("cookie"), csrfCookieName(new URL(request.url)));
  if (!value) return null;
  const key = `${secret}|${value}`;
  const known = genuine.get(key);
  if (known) return known;
  const [token, signature] = value.split("|");
  if (!token || !signature || signature !== (await sign(token, secret))) return null;
  return genuine.keep(key, token);
}

/** This visitor's token, and the cookie to set when they had none (or a forged one). */
export async function csrfToken(
  request: Request,
  secret: string,
): Promise<{ token: string; setCookie: string | null }> {
  const kept = await tokenOfCookie(request, secret);
  if (kept) return { token: kept, setCookie: null };
  const token = [...crypto.getRandomValues(new Uint8Array(32))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const cookie = [
    `${csrfCookieName(url)}=${encodeURIComponent(`${token}|${await sign(token, secret)}`)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    secure ? "Secure" : null,
  ];
  return { token, setCookie: cookie.filter(Boolean).join("; ") };
}

/** Whether the token sent in the body is the one of this visitor's genuine cookie. */
export async function isCsrfValid(request: Request, sent: string | undefined, secret: string): Promise<boolean> {
  if (!sent) return false;
  const token = await tokenOfCookie(request, secret);
  return token !== null && token === sent;
}
