import type { BrandSlug } from "@contract/brands/brands";
import { CONSENT_VERSION, serializeConsent } from "@contract/marketing/consent";
import { testEnv } from "./app";
import { TEST_SECRETS } from "./secrets";

/** A browser's user agent and languages: what the affiliate hit's footprint is made of, beside the address. */
export const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
  "accept-language": "es-ES,es;q=0.9",
};

/** An affiliate of the brand as the shop's records hold it (a fresh numeric id), its commission for `masterId`. */
export async function affiliateIn(
  site: BrandSlug = "WPX-ES",
  { masterId = null as string | null, rate = 10, status = "ACTIVE" } = {},
) {
  const id = String(100_000 + Math.floor(Math.random() * 900_000_000));
  await testEnv.STORE_DB.prepare(
    "INSERT INTO affiliates (id, site, name, master_id, commission_rate, status, created_at) VALUES (?, ?, 'Blog de fotos', ?, ?, ?, ?)",
  )
    .bind(Number(id), site, masterId, rate, status, new Date().toISOString())
    .run();
  return id;
}

/** The consent cookie of a visitor who answered the banner. */
export function consentCookie({ ads = false, analytics = true }: { ads?: boolean; analytics?: boolean } = {}) {
  return `consent=${serializeConsent({ version: CONSENT_VERSION, ads, analytics, decidedAt: Date.now() })}`;
}

/** The cookies a response sets, by name: value (as the browser keeps it), Max-Age and the whole line. */
export function cookiesSet(response: Response) {
  const set = new Map<string, { value: string; maxAge: number | null; line: string }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    const maxAge = /;\s*Max-Age=(\d+)/i.exec(line)?.[1];
    set.set(pair!.slice(0, index), {
      value: pair!.slice(index + 1),
      maxAge: maxAge === undefined ? null : Number(maxAge),
      line,
    });
  }
  return set;
}

/** The Cookie header a browser would send after these responses (expired cookies dropped). */
export function browserCookies(...responses: Response[]) {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const [name, { value, maxAge }] of cookiesSet(response)) {
      if (maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Waits for what the worker does after answering (waitUntil, the queue): the value once truthy, or the last one. */
export async function eventually<T>(read: () => Promise<T>, waitMs = 5000): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type StoredHit = {
  site: string;
  affiliate_id: number;
  device_footprint: string;
  domain: string;
  url: string;
  ip: string;
  campaign: string | null;
};

export async function hitsOf(affiliateId: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT site, affiliate_id, device_footprint, domain, url, ip, campaign FROM affiliate_hits WHERE affiliate_id = ? ORDER BY id",
    )
      .bind(Number(affiliateId))
      .all<StoredHit>()
  ).results;
}

/**
 * The product API's development endpoints of the affiliate network (workers/product-api/affiliates/operator-routes.ts).
 */
export async function affiliateOperator(path: string, fields: Record<string, string>) {
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal/operator/affiliates${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    }),
  );
  return (await response.json()) as Record<string, unknown>;
}
