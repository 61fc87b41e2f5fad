import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Logger } from "@contract/observability/log";
import { consumeEvents } from "~/lib/analytics/consumer.server";
import type { AffiliateHitMessage, AnalyticsMessage, ConsentMessage } from "~/lib/analytics/messages";
import { deliveryStatements } from "~/lib/analytics/store-events.server";
import { pageMessage, waitForRow } from "../setup/analytics";
import { testEnv } from "../setup/app";

const db = () => testEnv.ANALYTICS_DB;

/** A brand of its own per test, so each test reads only its own rollup rows. */
const testBrand = () => `T-${crypto.randomUUID().slice(0, 8)}`;

let delivery = 0;
/** Delivers bodies to the consumer as the queue would (message ids, attempts) and returns the queue's result. */
async function deliver(bodies: unknown[], attempts = 1) {
  delivery++;
  const batch = createMessageBatch(
    "storefront-page-events",
    bodies.map((body, index) => ({ id: `d${delivery}-m${index}`, timestamp: Date.now(), attempts, body })),
  );
  await consumeEvents(batch, db(), new Logger("storefront", {}, "test-delivery"));
  return getQueueResult(batch, createExecutionContext());
}

async function count(sql: string, ...params: unknown[]) {
  return (
    (
      await db()
        .prepare(sql)
        .bind(...params)
        .first<{ n: number | null }>()
    )?.n ?? 0
  );
}

const rawCount = (brand: string) => count("SELECT COUNT(*) AS n FROM page_events WHERE brand = ?", brand);
const traffic = async (brand: string) =>
  db()
    .prepare(
      "SELECT coalesce(SUM(visits), 0) AS visits, coalesce(SUM(page_views), 0) AS pageViews FROM traffic_daily WHERE brand = ?",
    )
    .bind(brand)
    .first<{ visits: number; pageViews: number }>();

/** A D1 failure for what matches `when` (a trigger aborting the insert), removed after `work`. */
async function whileFailing<T>(when: string, work: () => Promise<T>): Promise<T> {
  const name = `fail_${crypto.randomUUID().replaceAll("-", "")}`;
  await db()
    .prepare(
      `CREATE TRIGGER ${name} BEFORE INSERT ON page_events WHEN ${when} BEGIN SELECT RAISE(ABORT, 'test: cannot be stored'); END`,
    )
    .run();
  try {
    return await work();
  } finally {
    await db().prepare(`DROP TRIGGER ${name}`).run();
  }
}

describe("the events queue's consumer", () => {
  it("stores a redelivered delivery's events once and counts each once in the rollups", async () => {
    const brand = testBrand();
    const views = Array.from({ length: 30 }, (_, index) =>
      pageMessage({ brand, landing: index % 3 === 0, path: `/p${index % 4}` }),
    );
    const carts = Array.from({ length: 5 }, () =>
      pageMessage({ brand, category: "ecommerce", name: "add_to_cart", landing: false }),
    );
    // At least once: five arrive twice in the same delivery, and the whole delivery comes again.
    const bodies = [...views, ...carts, ...views.slice(0, 5)];
    expect((await deliver(bodies)).ackAll).toBe(true);
    expect((await deliver(bodies, 2)).ackAll).toBe(true);

    expect(await rawCount(brand)).toBe(35);
    expect(await traffic(brand)).toEqual({ visits: 10, pageViews: 30 });
    expect(await count("SELECT SUM(visits) AS n FROM landing_daily WHERE brand = ?", brand)).toBe(10);
    expect(
      await count("SELECT SUM(count) AS n FROM interaction_daily WHERE brand = ? AND name = 'add_to_cart'", brand),
    ).toBe(5);
    expect(await count("SELECT COUNT(*) AS n FROM page_events WHERE brand = ? AND rolled_up = 0", brand)).toBe(0);
  });

  it("writes every kind to its table and rollup: page views (also those queued without kind), affiliate hits, consent answers", async () => {
    const brand = testBrand();
    const {
      kind: _kind,
      visitId: _visit,
      landing: _landing,
      channel: _channel,
      source: _source,
      medium: _medium,
      campaign: _campaign,
      ...legacy
    } = pageMessage({ brand });
    const hit: AffiliateHitMessage = {
      kind: "affiliate_hit",
      eventId: crypto.randomUUID(),
      brand,
      affiliateId: "1001",
      campaign: "spring",
      url: "https://wpx.es/?afcust=1001",
      domain: "wpx.es",
      deviceFootprint: "fp-1",
      ip: "203.0.113.55",
      accepted: true,
      createdAt: new Date().toISOString(),
    };
    const answer = (analytics: boolean): ConsentMessage => ({
      kind: "consent",
      eventId: crypto.randomUUID(),
      brand,
      ads: false,
      analytics,
      version: "2026-11",
      createdAt: new Date().toISOString(),
    });
    const bodies: AnalyticsMessage[] = [
      legacy,
      hit,
      { ...hit, eventId: crypto.randomUUID(), campaign: null },
      answer(true),
      answer(true),
      answer(false),
    ];
    expect((await deliver(bodies)).ackAll).toBe(true);

    expect(
      await db()
        .prepare("SELECT channel, landing, visit_id FROM page_events WHERE event_id = ?")
        .bind(legacy.eventId)
        .first(),
    ).toEqual({ channel: "direct", landing: 0, visit_id: null });
    expect(
      await db().prepare("SELECT ip, accepted FROM affiliate_hits WHERE event_id = ?").bind(hit.eventId).first(),
    ).toEqual({ ip: "203.0.113.0", accepted: 1 });
    const hits = await db()
      .prepare("SELECT campaign, hits FROM affiliate_hits_daily WHERE brand = ? ORDER BY campaign")
      .bind(brand)
      .all();
    expect(hits.results).toEqual([
      { campaign: "", hits: 1 },
      { campaign: "spring", hits: 1 },
    ]);
    const answers = await db()
      .prepare("SELECT analytics, answers FROM consent_daily WHERE brand = ? ORDER BY analytics")
      .bind(brand)
      .all();
    expect(answers.results).toEqual([
      { analytics: 0, answers: 1 },
      { analytics: 1, answers: 2 },
    ]);
    expect(await traffic(brand)).toEqual({ visits: 0, pageViews: 1 });
  });

  it("stores and counts nothing of a delivery that fails, retries it, and then stores and counts every event once", async () => {
    const brand = testBrand();
    const bodies = Array.from({ length: 12 }, (_, index) => pageMessage({ brand, landing: index < 4 }));
    const failed = await whileFailing(`NEW.brand = '${brand}'`, () => deliver(bodies));
    expect(failed.ackAll).toBe(false);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toHaveLength(12);
    expect(await rawCount(brand)).toBe(0);
    expect(await traffic(brand)).toEqual({ visits: 0, pageViews: 0 });

    expect((await deliver(bodies, 2)).ackAll).toBe(true);
    expect((await deliver(bodies, 3)).ackAll).toBe(true);
    expect(await rawCount(brand)).toBe(12);
    expect(await traffic(brand)).toEqual({ visits: 4, pageViews: 12 });
  });

  it("holds back only the message that cannot be stored: the others are stored and acknowledged", async () => {
    const brand = testBrand();
    const bodies = Array.from({ length: 6 }, (_, index) =>
      pageMessage({ brand, path: index === 2 ? `/poison-${brand}` : "/ok" }),
    );
    const result = await whileFailing(`NEW.path = '/poison-${brand}'`, () => deliver(bodies));
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual([`d${delivery}-m2`]);
    expect(result.explicitAcks).toHaveLength(5);
    expect(await traffic(brand)).toEqual({ visits: 6 - 1, pageViews: 5 });

    expect((await deliver([bodies[2]], 2)).ackAll).toBe(true);
    expect(await rawCount(brand)).toBe(6);
    expect(await traffic(brand)).toEqual({ visits: 6, pageViews: 6 });
  });

  it("keeps a message that is no analytics message in dead_events at once, and stores the others", async () => {
    const brand = testBrand();
    const good = pageMessage({ brand });
    const result = await deliver([good, { eventId: "x", brand, path: "<script>" }, "just text"]);
    expect(result.ackAll).toBe(true);
    expect(await rawCount(brand)).toBe(1);
    const dead = await db()
      .prepare("SELECT message_id, body, attempts FROM dead_events WHERE message_id IN (?, ?) ORDER BY message_id")
      .bind(`d${delivery}-m1`, `d${delivery}-m2`)
      .all();
    expect(dead.results).toEqual([
      { message_id: `d${delivery}-m1`, body: JSON.stringify({ eventId: "x", brand, path: "<script>" }), attempts: 1 },
      { message_id: `d${delivery}-m2`, body: '"just text"', attempts: 1 },
    ]);
  });

  it("binds at most 100 parameters in every statement of a large delivery, and stores it whole", async () => {
    const brand = testBrand();
    const long = "x".repeat(2000);
    const bodies = Array.from({ length: 400 }, () =>
      pageMessage({
        brand,
        url: `http://wpx-pl.localhost/${long}`,
        referrer: `https://example.org/${long}`,
        title: long.slice(0, 300),
      }),
    );
    const statements = deliveryStatements(bodies);
    expect(statements.length).toBeGreaterThan(8);
    for (const statement of statements) {
      expect(statement.params.length).toBeLessThanOrEqual(100);
      expect(String(statement.params[0] ?? "").length).toBeLessThanOrEqual(256 * 1024);
    }
    expect((await deliver(bodies)).ackAll).toBe(true);
    expect(await rawCount(brand)).toBe(400);
  });

  it("keeps the rollups equal to the raw rows over days, channels and overlapping redeliveries", async () => {
    const brand = testBrand();
    const channels = ["direct", "organic", "email", "paid_search"] as const;
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 20 + offset, 23, 59, 30)).toISOString();
    const bodies = Array.from({ length: 150 }, (_, index) => {
      const channel = channels[index % channels.length]!;
      return index % 10 === 9
        ? pageMessage({
            brand,
            category: "ecommerce",
            name: index % 20 === 9 ? "purchase" : "begin_checkout",
            landing: false,
            createdAt: day(index % 3),
            channel,
          })
        : pageMessage({
            brand,
            landing: index % 4 === 0,
            path: `/l${index % 5}`,
            createdAt: day(index % 3),
            channel,
            source: channel,
            medium: channel,
            campaign: index % 2 ? "c" : null,
          });
    });
    await deliver(bodies.slice(0, 80));
    await deliver(bodies.slice(60, 120));
    await deliver(bodies.slice(100), 2);

    const fromRaw = await db()
      .prepare(
        `SELECT substr(created_at, 1, 10) AS day, channel, coalesce(campaign, '') AS campaign, SUM(landing) AS visits, COUNT(*) AS page_views
       FROM page_events WHERE brand = ? AND category = 'page' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      .bind(brand)
      .all();
    const rolled = await db()
      .prepare("SELECT day, channel, campaign, visits, page_views FROM traffic_daily WHERE brand = ? ORDER BY 1, 2, 3")
      .bind(brand)
      .all();
    expect(rolled.results).toEqual(fromRaw.results);
    expect(rolled.results.length).toBeGreaterThan(10);
    const interactionsRaw = await db()
      .prepare(
        "SELECT substr(created_at, 1, 10) AS day, name, COUNT(*) AS count FROM page_events WHERE brand = ? AND category = 'ecommerce' GROUP BY 1, 2 ORDER BY 1, 2",
      )
      .bind(brand)
      .all();
    const interactions = await db()
      .prepare("SELECT day, name, count FROM interaction_daily WHERE brand = ? ORDER BY 1, 2")
      .bind(brand)
      .all();
    expect(interactions.results).toEqual(interactionsRaw.results);
    const landingsRaw = await db()
      .prepare(
        "SELECT substr(created_at, 1, 10) AS day, path, COUNT(*) AS visits FROM page_events WHERE brand = ? AND category = 'page' AND landing = 1 GROUP BY 1, 2 ORDER BY 1, 2",
      )
      .bind(brand)
      .all();
    const landings = await db()
      .prepare("SELECT day, path, visits FROM landing_daily WHERE brand = ? ORDER BY 1, 2")
      .bind(brand)
      .all();
    expect(landings.results).toEqual(landingsRaw.results);
  });
});

describe("the events queue, end to end", () => {
  it("hands a message that keeps failing, after its retries, to the dead-letter queue, which keeps it in dead_events", async () => {
    const brand = testBrand();
    const message = pageMessage({ brand, path: `/always-fails-${brand}` });
    const dead = await whileFailing(`NEW.path = '/always-fails-${brand}'`, async () => {
      await testEnv.EVENTS.send(message);
      return waitForRow<{ body: string; attempts: number }>(
        "SELECT body, attempts FROM dead_events WHERE body LIKE ?",
        [`%${message.eventId}%`],
        15_000,
      );
    });
    expect(dead).not.toBeNull();
    expect(JSON.parse(dead!.body)).toEqual(message);
    expect(await rawCount(brand)).toBe(0);
  });
});
