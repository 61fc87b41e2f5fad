import { env, exports } from "cloudflare:workers";
import { BRANDS, type BrandSlug } from "@contract/brands/brands";
import { newSessionData, type Customer, type SessionData } from "~/lib/session/data";
import { sealValue } from "~/lib/session/seal";
import { TEST_SECRETS } from "./secrets";

export const testEnv = env as unknown as TestEnv;

export function hostOf(slug: BrandSlug) {
  return `http://${slug.toLowerCase()}.localhost`;
}

type Visit = { brand?: BrandSlug; cookie?: string; headers?: Record<string, string>; worker?: Fetcher } & Omit<
  RequestInit,
  "headers"
>;

/** Sends a request to the real app worker (or another storefront worker the test names), on a brand's local host. */
export function visit(path: string, { brand = "WPX-ES", cookie, headers = {}, worker, ...init }: Visit = {}) {
  const origin = hostOf(brand);
  const all = new Headers(headers);
  if (cookie) all.set("cookie", cookie);
  // Each visit comes from its own address unless a test says otherwise, so per-address limits stay the tests' own.
  if (!all.has("cf-connecting-ip")) all.set("cf-connecting-ip", `198.51.100.${Math.floor(Math.random() * 254) + 1}`);
  if (init.method && init.method !== "GET" && !all.has("origin") && !all.has("sec-fetch-site"))
    all.set("origin", origin);
  if (all.get("origin") === "") all.delete("origin");
  return (worker ?? exports.default).fetch(
    new Request(`${origin}${path}`, { redirect: "manual", ...init, headers: all }),
  );
}

export function postJson(path: string, body: unknown, options: Visit = {}) {
  return visit(path, {
    ...options,
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...options.headers },
  });
}

export const TTL_SECONDS = 2592000;

/** A real session: data in KV and the sealed cookie that names it, as the app would have made them. */
export async function sessionCookie(data: Partial<SessionData> = {}, { createdAt = Date.now() } = {}) {
  const id = crypto.randomUUID().replaceAll("-", "");
  await testEnv.SESSIONS.put(`session:${id}`, JSON.stringify({ ...newSessionData(), ...data }));
  const sealed = await sealValue({ id, createdAt }, TEST_SECRETS.sessionPassword, TTL_SECONDS);
  return { id, cookie: `__session=${encodeURIComponent(sealed)}`, sealed };
}

export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: "c-1001",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "García",
    kind: "customer",
    permissions: ["orders", "tickets", "invoices"],
    canMakeOrders: true,
    masterId: null,
    roles: [],
    ...overrides,
  };
}

export function sessionCookieFrom(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  return header ? header.split(";")[0]! : null;
}

export { BRANDS };
