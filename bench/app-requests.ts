// Requests to the app outside the load runs: its sessions (anonymous, with a cart, signed in), made the way a browser
// makes them, and the check of each page before it is load-tested.
import { request as httpRequest } from "node:http";
import { sleep } from "./print.ts";
import { CART_PRODUCT_PATH, DEMO_CUSTOMER, HOST, SESSION_COOKIE } from "./settings.ts";

/** How a page is measured: anonymous and edge-cached, with a session (rendered every request), or not cacheable. */
export type Mode = "cached" | "uncached" | "anonymous";

/** A header as saved or printed: the session cookie is a credential of a throwaway local session, kept out. */
export function redact(header: string): string {
  return header.replace(new RegExp(`(${SESSION_COOKIE}=)[^;]*`), "$1…");
}

/** One GET to HOST:port with an explicit Host header (node:http, so the header is sent as given). */
export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: number };
export function get(port: number, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port,
        path: pathname,
        method: "GET",
        headers: { "accept-encoding": "identity", ...headers },
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`GET ${pathname}: no answer within 20s`)));
    req.on("error", reject);
    req.end();
  });
}

function header(answer: Answer, name: string): string | null {
  const value = answer.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** One form POST to HOST:port, as a browser without JavaScript sends it (same-site Origin). */
function postForm(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  form: Record<string, string>,
): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port,
        path: pathname,
        method: "POST",
        agent: false,
        timeout: 20_000,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          origin: `http://${headers.host}`,
          ...headers,
        },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`POST ${pathname}: no answer within 20s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A fresh session with one product in its cart, added the way a browser without JavaScript adds it. */
export async function cartSessionCookie(port: number, host: string): Promise<string> {
  const cookie = await sessionCookie(port, host);
  const page = await fetch(`http://${HOST}:${port}${CART_PRODUCT_PATH}`, { headers: { host, cookie } });
  const articleId = /name="article_id" value="(\d+)"/.exec(await page.text())?.[1];
  if (!articleId)
    throw new Error(`GET ${CART_PRODUCT_PATH} (Host ${host}) has no add-to-cart form (status ${page.status})`);
  const added = await postForm(
    port,
    "/cart",
    { host, cookie },
    { intent: "add", article_id: articleId, quantity: "1" },
  );
  const renewed = ([] as string[])
    .concat(added.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (added.status !== 303)
    throw new Error(`POST /cart (add article ${articleId}) answered ${added.status}, expected 303`);
  const cartCookie = renewed && renewed.length > SESSION_COOKIE.length + 1 ? renewed : cookie;
  const cart = await get(port, "/cart", { host, cookie: cartCookie });
  if (cart.status !== 200) throw new Error(`GET /cart with the cart session answered ${cart.status}`);
  return cartCookie;
}

/** A session signed in as the brand's demo customer, the way the sign-in form does it (POST /login). */
export async function signedInCookie(port: number, host: string): Promise<string> {
  const cookie = await sessionCookie(port, host);
  const answer = await postForm(
    port,
    "/login",
    { host, cookie },
    { intent: "signin", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  );
  const signedIn = ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
  if (answer.status !== 303 || !signedIn)
    throw new Error(
      `POST /login as ${DEMO_CUSTOMER.email} answered ${answer.status}${signedIn ? "" : " without a new session cookie"}`,
    );
  // The accounts pages' sign-out form sets the sign-in protocol's CSRF cookie (decision 0015); a browser sends it back.
  const home = await get(port, "/accounts/home", { host, cookie: signedIn });
  if (home.status !== 200) throw new Error(`GET /accounts/home signed in answered ${home.status}`);
  const kept = ([] as string[])
    .concat(home.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  return [signedIn, ...kept].join("; ");
}

/** A fresh session of the brand: GET /api/session once, then `__session=…` from its Set-Cookie, checked to be valid. */
export async function sessionCookie(port: number, host: string): Promise<string> {
  const first = await get(port, "/api/session", { host });
  const setCookie = ([] as string[]).concat(first.headers["set-cookie"] ?? []);
  const cookie = setCookie
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
  if (first.status !== 200 || !cookie) {
    throw new Error(
      `GET /api/session (Host ${host}) gave ${first.status} without a ${SESSION_COOKIE} cookie (Set-Cookie: ${setCookie.length ? setCookie.map(redact).join(" | ") : "none"})`,
    );
  }
  // Sent back, a valid session is read, not replaced: 200 and no new cookie.
  const again = await get(port, "/api/session", { host, cookie });
  if (again.status !== 200 || again.headers["set-cookie"]) {
    throw new Error(
      `the session cookie from GET /api/session was not accepted: ${again.status}, Set-Cookie ${again.headers["set-cookie"] ? "sent again" : "none"}`,
    );
  }
  return cookie;
}

/**
 * Before a cached run: the page answers 200 and a repeat is an x-page-cache HIT (the store runs in waitUntil, so a
 * few tries). Before an uncached run: 200 with the session, no x-page-cache, `private`, no new cookie. Before an
 * anonymous run of a page that is not cacheable: 200 and no x-page-cache on two requests.
 */
export async function checkPage(port: number, host: string, pathname: string, mode: Mode, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { host, cookie } : { host };
  const seen: string[] = [];
  let first: Answer | null = null;
  const tries = mode === "cached" ? 6 : 2;
  for (let attempt = 0; attempt < tries; attempt++) {
    const answer = await get(port, pathname, headers);
    first ??= answer;
    const cache = header(answer, "x-page-cache") ?? "absent";
    seen.push(answer.status === 200 ? cache : `status ${answer.status}`);
    if (answer.status !== 200) {
      const error = `GET ${pathname} (Host ${host}${cookie ? ", with the session" : ""}) answered ${answer.status}`;
      return { ok: false, error, check: `x-page-cache ${seen.join(" → ")}`, bytes: answer.bytes };
    }
    if (mode === "cached" && cache === "HIT") break;
    if (mode === "cached") await sleep(200);
  }
  const answer = first;
  if (!answer) throw new Error(`GET ${pathname}: no answer`);
  const cacheControl = header(answer, "cache-control") ?? "none";
  const cookieNote = answer.headers["set-cookie"] !== undefined ? "; sets a cookie" : "";
  const trail = `x-page-cache ${seen.join(" → ")}`;
  if (mode === "uncached") {
    const ok = seen.every((s) => s === "absent") && /private|no-store/.test(cacheControl) && !cookieNote;
    return { ok, error: null, check: `${trail}; Cache-Control ${cacheControl}${cookieNote}`, bytes: answer.bytes };
  }
  if (mode === "cached") {
    const ok = seen.includes("HIT");
    return {
      ok,
      error: null,
      check: `${trail}${ok ? "" : " (never HIT)"}; Cache-Control ${cacheControl}${cookieNote}`,
      bytes: answer.bytes,
    };
  }
  const ok = seen.every((s) => s === "absent");
  const note = ok ? " (not cacheable)" : " (expected not cacheable, but the page cache answers)";
  return { ok, error: null, check: `${trail}${note}; Cache-Control ${cacheControl}${cookieNote}`, bytes: answer.bytes };
}
