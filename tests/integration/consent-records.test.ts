import { createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import esConsent from "@locales/es/consent.json";
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
import { postJson, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { answer, FORGET, ALL, ANALYTICS_ONLY, consentSet, recordsOf, decide, form } from "./consent-decisions";

// Consent a shop can prove (docs/decisions/0035): every decision recorded under the visitor's consent id, Global
// Privacy Control honoured, the records read by the marketing role only, kept for their own retention.

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
