import { createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import en from "@locales/en/marketing.json";
import esConsent from "@locales/es/consent.json";
import pl from "@locales/pl/marketing.json";
import plConsent from "@locales/pl/consent.json";
import {
  CONSENT_RECORD_RETENTION_DAYS,
  CONSENT_VERSION,
  parseConsent,
  serializeConsent,
} from "@contract/marketing/consent";
import { Logger } from "@contract/observability/log";
import { sha256Hex } from "@contract/rules/sha256";
import { consumeEvents } from "~/lib/analytics/consumer.server";
import { deleteExpiredEvents } from "~/lib/analytics/retention.server";
import { consentRecordMessage } from "~/lib/consent/record-consent.server";
import { accountIn, signedInAs } from "../setup/accounts";
import { waitForRow } from "../setup/analytics";
import { postJson, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { csvRows, marketerIn } from "../setup/marketing-dashboard";
import { cookiesSet } from "../setup/marketing";
import { readableHtml } from "./html";

// Consent a shop can prove (docs/decisions/0035): every decision recorded under the visitor's consent id, Global
// Privacy Control honoured, the records read by the marketing role only, kept for their own retention.

type Choice = { ads: boolean; analytics: boolean };
const answer = ({ ads, analytics }: Choice) => ({
  isConsentGiven: true,
  isAdsAccepted: ads,
  isAnalyticsAccepted: analytics,
  consentVersion: CONSENT_VERSION,
});
const FORGET = {
  isConsentGiven: false,
  isAdsAccepted: false,
  isAnalyticsAccepted: false,
  consentVersion: CONSENT_VERSION,
};
const ALL = { ads: true, analytics: true };
const ANALYTICS_ONLY = { ads: false, analytics: true };

type RecordRow = {
  event_id: string;
  consent_id: string;
  brand: string;
  version: string;
  action: string;
  ad_storage: string;
  ad_user_data: string;
  ad_personalization: string;
  analytics_storage: string;
  gpc: number;
  address_hash: string | null;
  created_at: string;
};

/** The consent cookie a response sets (its name=value pair, and the choice it holds); null when it sets none. */
function consentSet(response: Response) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("consent="));
  if (!line) return null;
  const pair = line.split(";")[0]!;
  return { pair, line, consent: parseConsent(decodeURIComponent(pair.slice("consent=".length))) };
}

/** The records of a consent id once the queue's consumer has stored `count` of them, oldest first. */
async function recordsOf(consentId: string, count: number): Promise<RecordRow[]> {
  await waitForRow("SELECT 1 FROM consent_records WHERE consent_id = ? GROUP BY consent_id HAVING COUNT(*) >= ?", [
    consentId,
    count,
  ]);
  const { results } = await testEnv.ANALYTICS_DB.prepare(
    "SELECT * FROM consent_records WHERE consent_id = ? ORDER BY created_at, event_id",
  )
    .bind(consentId)
    .all<RecordRow>();
  return results;
}

const decide = (
  body: unknown,
  {
    cookie,
    ip = "198.51.100.77",
    headers = {},
    brand = "WPX-ES" as const,
  }: { cookie?: string; ip?: string; headers?: Record<string, string>; brand?: "WPX-ES" | "WPX-PL" | "TZ-ES" } = {},
) => postJson("/api/session", body, { brand, cookie, headers: { "cf-connecting-ip": ip, ...headers } });

const form = (fields: Record<string, string>, cookie?: string) =>
  visit("/api/session", {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.77" },
  });

describe("a consent record for every decision", () => {
  it("keeps one consent id from the first decision through every change, with the version, Google's states, time, brand and a hashed truncated address", async () => {
    const first = await decide(answer(ALL), { brand: "WPX-PL" });
    expect(first.status).toBe(200);
    const set = consentSet(first)!;
    const id = set.consent!.id!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sessionCookieFrom(first)).toBeNull();

    const [record] = await recordsOf(id, 1);
    expect(record).toMatchObject({
      consent_id: id,
      brand: "WPX-PL",
      version: CONSENT_VERSION,
      action: "choice",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "granted",
      gpc: 0,
    });
    // The address as page events keep it (/24), hashed with the id: never the address itself.
    expect(record!.address_hash).toBe(await sha256Hex(`${id}|198.51.100.0`));
    expect(JSON.stringify(record)).not.toContain("198.51.100");
    expect(Math.abs(Date.parse(record!.created_at) - set.consent!.decidedAt)).toBeLessThan(1000);

    // A change in the banner (JSON), then without JavaScript (the form): the same id.
    const change = await decide(answer(ANALYTICS_ONLY), { cookie: set.pair, brand: "WPX-PL" });
    expect(consentSet(change)!.consent).toMatchObject({ id, ads: false, analytics: true });
    const refusal = await form({ choice: "none", returnTo: "/" }, consentSet(change)!.pair);
    expect(refusal.status).toBe(303);
    expect(consentSet(refusal)!.consent).toMatchObject({ id, ads: false, analytics: false });

    // Forgetting the answer is recorded under the id it ends; the next answer starts another id.
    const forgotten = await decide(FORGET, { cookie: consentSet(refusal)!.pair });
    expect(consentSet(forgotten)!.line).toContain("Max-Age=0");
    const records = await recordsOf(id, 4);
    expect(records.map((row) => [row.action, row.ad_storage, row.analytics_storage])).toEqual([
      ["choice", "granted", "granted"],
      ["choice", "denied", "granted"],
      ["choice", "denied", "denied"],
      ["forget", "denied", "denied"],
    ]);
    const again = await decide(answer(ALL));
    expect(consentSet(again)!.consent!.id).not.toBe(id);
  });

  it("gives an answer kept before there were consent ids an id at its next decision", async () => {
    const legacy = `consent=${CONSENT_VERSION}.a1.n1.1764100000`;
    expect(parseConsent(`${CONSENT_VERSION}.a1.n1.1764100000`)).toMatchObject({ id: null });
    const response = await decide(answer(ANALYTICS_ONLY), { cookie: legacy });
    const id = consentSet(response)!.consent!.id!;
    expect(id).toBeTruthy();
    expect(await recordsOf(id, 1)).toHaveLength(1);
  });

  it("keeps the id across a new version of the text", async () => {
    const id = crypto.randomUUID();
    const old = `consent=2020-01.a1.n1.1700000000.g0.${id}`;
    const response = await decide(answer(ALL), { cookie: old });
    expect(consentSet(response)!.consent).toMatchObject({ id, version: CONSENT_VERSION });
  });

  it("is stored once however often the queue delivers it", async () => {
    const message = await consentRecordMessage("WPX-ES", {
      id: crypto.randomUUID(),
      version: CONSENT_VERSION,
      choice: ALL,
      gpc: false,
      at: Date.now(),
      action: "choice",
      address: "203.0.113.9",
    });
    const batch = (id: string) =>
      createMessageBatch("storefront-page-events", [{ id, timestamp: new Date(), attempts: 1, body: message }]);
    const log = new Logger("storefront", {}, "test-consent-records");
    await consumeEvents(batch("a"), testEnv.ANALYTICS_DB, log);
    await consumeEvents(batch("b"), testEnv.ANALYTICS_DB, log);
    expect(await recordsOf(message.consentId, 1)).toHaveLength(1);
  });
});

describe("Global Privacy Control", () => {
  const gpc = { "sec-gpc": "1" };
  const page = async (
    cookie: string | undefined,
    headers: Record<string, string> = {},
    brand: "TZ-ES" | "WPX-PL" = "TZ-ES",
    path = "/",
  ) => {
    const response = await visit(path, { brand, cookie, headers });
    const html = await response.text();
    return {
      response,
      html,
      bannerOpen: /<section[^>]*id="cookie-settings"[^>]*data-open="true"/.test(html),
      tags: [...html.matchAll(/<script[^>]*data-tag="([^"]+)"[^>]*>/g)].map((match) => match[1]),
    };
  };

  it("refuses ads granted before the signal: no ad tag, ads denied in Consent Mode, no ad cookie; analytics stays the visitor's", async () => {
    const before = `consent=${serializeConsent({ version: CONSENT_VERSION, ...ALL, decidedAt: Date.now(), id: crypto.randomUUID(), gpc: false })}`;
    const withSignal = await page(before, gpc);
    expect(withSignal.bannerOpen).toBe(false);
    expect(withSignal.tags).toEqual(["ga4", "reviewBadge"]);
    expect(withSignal.html).toContain(
      'gtag("consent","update",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"granted"})',
    );
    expect((await page(before)).tags).toEqual(["ga4", "pushNotifications", "reviewBadge"]);

    const landing = await visit(`/regalos-con-foto?case=${crypto.randomUUID()}&gclid=abc&utm_source=x`, {
      brand: "TZ-ES",
      cookie: before,
      headers: gpc,
    });
    expect([...cookiesSet(landing).keys()].sort()).toEqual(["first_touch", "landing", "utm"]);
  });

  it("counts ads granted while the signal was sent: an explicit grant, recorded as made under it", async () => {
    const response = await decide(answer(ALL), { headers: gpc, brand: "TZ-ES" });
    const { consent, pair } = consentSet(response)!;
    expect(consent).toMatchObject({ ads: true, analytics: true, gpc: true });
    const [record] = await recordsOf(consent!.id!, 1);
    expect(record).toMatchObject({ gpc: 1, ad_storage: "granted", analytics_storage: "granted" });
    expect((await page(pair, gpc)).tags).toEqual(["ga4", "pushNotifications", "reviewBadge"]);
  });

  it("records the signal the page saw in the browser (navigator.globalPrivacyControl) with the decision", async () => {
    const response = await decide({ ...answer(ANALYTICS_ONLY), globalPrivacyControl: true });
    const { consent } = consentSet(response)!;
    expect(consent).toMatchObject({ gpc: true, ads: false });
    expect((await recordsOf(consent!.id!, 1))[0]).toMatchObject({
      gpc: 1,
      ad_storage: "denied",
      analytics_storage: "granted",
    });
    expect((await decide({ ...answer(ALL), globalPrivacyControl: false })).status).toBe(400);
  });

  it("still asks an undecided visitor, saying ads stay off, from a cached copy of its own", async () => {
    const path = `/offers?gpc-cache=${crypto.randomUUID()}`;
    const withSignal = await page(undefined, gpc, "WPX-PL", path);
    expect(withSignal.bannerOpen).toBe(true);
    expect(readableHtml(withSignal.html)).toContain(plConsent.consent.gpc);
    expect(withSignal.html).toContain('gtag("consent","default",{"ad_storage":"denied"');
    expect(withSignal.tags).toEqual([]);
    const again = await page(undefined, gpc, "WPX-PL", path);
    expect(again.response.headers.get("x-page-cache")).toBe("HIT");
    expect(readableHtml(again.html)).toContain(plConsent.consent.gpc);
    const without = await page(undefined, {}, "WPX-PL", path);
    expect(without.bannerOpen).toBe(true);
    expect(readableHtml(without.html)).not.toContain(plConsent.consent.gpc);
  });
});

describe("GET /api/consent", () => {
  it("tells the visitor their own consent id, privately, without making a session", async () => {
    const id = crypto.randomUUID();
    const cookie = `consent=${serializeConsent({ version: CONSENT_VERSION, ...ALL, decidedAt: Date.now(), id, gpc: false })}`;
    const response = await visit("/api/consent", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ consentId: id, ads: true, analytics: true });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await (await visit("/api/consent")).json()).toEqual({ consentId: null, ads: null, analytics: null });
  });

  it("answers anything but GET with 405 and what it takes", async () => {
    const response = await postJson("/api/consent", { consentId: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(await response.json()).toEqual({
      error: { code: "methodNotAllowed", message: esConsent.consent.errors.method },
    });
  });
});

describe("the consent records page and its CSV", () => {
  /** A consent id with two decisions stored (all, then analytics only), in WPX-PL. */
  async function recordedId() {
    const first = await decide(answer(ALL), { brand: "WPX-PL", ip: "203.0.113.44" });
    const { pair, consent } = consentSet(first)!;
    await decide(answer(ANALYTICS_ONLY), { brand: "WPX-PL", cookie: pair, ip: "203.0.113.45" });
    await recordsOf(consent!.id!, 2);
    return consent!.id!;
  }

  it("shows a marketer the decision history of a consent id, in the page's language, and downloads it", async () => {
    const id = await recordedId();
    const { cookie } = await marketerIn("WPX-PL");
    const response = await visit(`/marketing/consent-records?id=${id.toUpperCase()}`, { brand: "WPX-PL", cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect([...html.matchAll(/data-testid="consent-history-row"/g)]).toHaveLength(2);
    const text = readableHtml(html);
    const records = pl.marketing.consentRecords;
    for (const word of [
      records.title,
      records.decisions.first,
      records.decisions.change,
      records.states.granted,
      records.states.denied,
      records.columns.adStorage,
    ])
      expect(text).toContain(word);

    const csv = await visit(`/marketing/consent-records.csv?id=${id}`, { brand: "WPX-PL", cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="consent-records-${id}.csv"`);
    const rows = csvRows(await csv.text());
    expect(rows[0]).toEqual(Object.values(records.columns));
    expect(rows.slice(1).map((row) => row.slice(1, 8))).toEqual([
      [records.decisions.first, "WPX-PL", CONSENT_VERSION, "granted", "granted", "granted", "granted"],
      [records.decisions.change, "WPX-PL", CONSENT_VERSION, "denied", "denied", "denied", "granted"],
    ]);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[1]![9]).toBe(await sha256Hex(`${id}|203.0.113.0`));
  });

  it("is the spec's 404 to anyone without the marketing role, and sends a guest to sign in", async () => {
    const id = crypto.randomUUID();
    const customer = await signedInAs(await accountIn("WPX-ES"));
    for (const path of [`/marketing/consent-records?id=${id}`, `/marketing/consent-records.csv?id=${id}`]) {
      expect((await visit(path, { cookie: customer })).status, path).toBe(404);
      const guest = await visit(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it.each([
    ["an id of 10,000 characters", "x".repeat(10_000), "invalid"],
    ["an id that is no UUID", "' OR 1=1 --", "invalid"],
    ["an id of the right length but not hex", "z".repeat(36), "invalid"],
    ["an empty id", "", "required"],
  ])(
    "answers %s with 400 and a translated message, on the page and in the CSV, never a 5xx",
    async (_name, value, problem) => {
      const { cookie } = await marketerIn();
      const query = `?id=${encodeURIComponent(value)}`;
      const page = await visit(`/en/marketing/consent-records${query}`, { cookie });
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(readableHtml(html)).toContain(en.marketing.consentRecords.errors[problem as "invalid" | "required"]);
      // The field shows back at most 64 characters of what was given.
      expect(html).not.toMatch(/name="id" value="[^"]{65,}"/);
      const csv = await visit(`/en/marketing/consent-records.csv${query}`, { cookie });
      expect(csv.status).toBe(400);
      expect(csv.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await csv.text()).toBe(
        `${en.marketing.consentRecords.id}: ${en.marketing.consentRecords.errors[problem as "invalid" | "required"]}\n`,
      );
    },
  );

  it("answers a CSV for nothing with a 4xx that says so; the page for an unknown id says there is no record", async () => {
    const { cookie } = await marketerIn();
    const nothing = await visit("/en/marketing/consent-records.csv", { cookie });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain(en.marketing.consentRecords.errors.required);
    const unknown = crypto.randomUUID();
    const none = await visit(`/en/marketing/consent-records.csv?id=${unknown}`, { cookie });
    expect(none.status).toBe(404);
    expect(await none.text()).toBe(`${en.marketing.consentRecords.none}\n`);
    const page = await visit(`/en/marketing/consent-records?id=${unknown}`, { cookie });
    expect(page.status).toBe(200);
    expect(readableHtml(await page.text())).toContain(en.marketing.consentRecords.none);
    const form = await visit("/en/marketing/consent-records", { cookie });
    expect(form.status).toBe(200);
    expect(readableHtml(await form.text())).not.toContain(en.marketing.consentRecords.errors.required);
    const posted = await visit(`/en/marketing/consent-records.csv?id=${unknown}`, {
      cookie,
      method: "POST",
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET");
  });
});

describe("retention of consent records", () => {
  it("outlives the raw events' 90 days, and ends after the decision's validity plus six years", async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    const at = (daysAgo: number) => now - daysAgo * DAY;
    const kept = await consentRecordMessage("WPX-ES", {
      id: crypto.randomUUID(),
      version: CONSENT_VERSION,
      choice: ALL,
      gpc: false,
      at: at(400),
      action: "choice",
      address: null,
    });
    const expired = await consentRecordMessage("WPX-ES", {
      id: crypto.randomUUID(),
      version: CONSENT_VERSION,
      choice: ALL,
      gpc: false,
      at: at(CONSENT_RECORD_RETENTION_DAYS + 1),
      action: "choice",
      address: null,
    });
    await consumeEvents(
      createMessageBatch(
        "storefront-page-events",
        [kept, expired].map((body, index) => ({ id: `retention-${index}`, timestamp: new Date(), attempts: 1, body })),
      ),
      testEnv.ANALYTICS_DB,
      new Logger("storefront", {}, "test-consent-retention"),
    );
    const run = await deleteExpiredEvents(testEnv.ANALYTICS_DB, 90, now);
    expect(run.deleted.consent_records).toBeGreaterThanOrEqual(1);
    expect(await recordsOf(kept.consentId, 1)).toHaveLength(1);
    expect(
      await testEnv.ANALYTICS_DB.prepare("SELECT COUNT(*) AS n FROM consent_records WHERE consent_id = ?")
        .bind(expired.consentId)
        .first("n"),
    ).toBe(0);
    expect(CONSENT_RECORD_RETENTION_DAYS).toBe(2375);
  });
});
