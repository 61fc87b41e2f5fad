import { describe, expect, it } from "vitest";
import { Logger } from "@contract/observability/log";
import { consumeEvents } from "~/lib/analytics/consumer.server";
import { DELETE_CHUNK, deleteExpiredEvents } from "~/lib/analytics/retention.server";
import { createMessageBatch } from "cloudflare:test";
import { pageMessage } from "../setup/analytics";
import { testEnv } from "../setup/app";

const db = () => testEnv.ANALYTICS_DB;
const DAY = 24 * 60 * 60 * 1000;
const retentionDays = Number(testEnv.EVENT_RETENTION_DAYS);

async function count(sql: string, ...params: unknown[]) {
  return (
    (
      await db()
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

describe("retention (the scheduled job)", () => {
  it("deletes raw rows older than EVENT_RETENTION_DAYS, in chunks, and keeps newer rows and every rollup", async () => {
    const brand = `R-${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const old = new Date(now - (retentionDays + 1) * DAY).toISOString();
    const recent = new Date(now - (retentionDays - 1) * DAY).toISOString();
    const bodies = [
      ...Array.from({ length: 3 }, () => pageMessage({ brand, createdAt: old })),
      ...Array.from({ length: 2 }, () => pageMessage({ brand, createdAt: recent })),
      {
        kind: "affiliate_hit",
        eventId: crypto.randomUUID(),
        brand,
        affiliateId: "7",
        campaign: null,
        url: "https://wpx.es/",
        domain: "wpx.es",
        deviceFootprint: "f",
        ip: null,
        accepted: true,
        createdAt: old,
      },
      {
        kind: "consent",
        eventId: crypto.randomUUID(),
        brand,
        ads: true,
        analytics: true,
        version: "2026-11",
        createdAt: old,
      },
    ];
    await consumeEvents(
      createMessageBatch(
        "storefront-page-events",
        bodies.map((body, index) => ({ id: `r${index}`, timestamp: now, attempts: 1, body })),
      ),
      db(),
      new Logger("storefront", {}, "test-retention"),
    );
    // More old rows than one DELETE takes, so the job has to go round.
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO page_events (event_id, category, name, url, path, title, referrer, mobile, brand, created_at, rolled_up)
       SELECT ? || i, 'page', 'view', 'http://x/', '/', '', '', 0, ?, ?, 1 FROM n`,
      )
      .bind(DELETE_CHUNK + 10, `${brand}-bulk-`, brand, old)
      .run();
    await db()
      .prepare(
        "INSERT INTO dead_events (message_id, body, attempts, created_at) VALUES (?, '{}', 3, ?), (?, '{}', 3, ?)",
      )
      .bind(`${brand}-old`, old, `${brand}-new`, recent)
      .run();
    const trafficBefore = await db()
      .prepare("SELECT day, visits, page_views FROM traffic_daily WHERE brand = ? ORDER BY day")
      .bind(brand)
      .all();

    const run = await deleteExpiredEvents(db(), retentionDays, now);

    expect(run.deleted.page_events).toBeGreaterThanOrEqual(3 + DELETE_CHUNK + 10);
    expect(await count("SELECT COUNT(*) AS n FROM page_events WHERE brand = ?", brand)).toBe(2);
    expect(
      await count("SELECT COUNT(*) AS n FROM page_events WHERE brand = ? AND created_at < ?", brand, run.cutoff),
    ).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM affiliate_hits WHERE brand = ?", brand)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM consent_answers WHERE brand = ?", brand)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM dead_events WHERE message_id LIKE ?", `${brand}-%`)).toBe(1);
    const trafficAfter = await db()
      .prepare("SELECT day, visits, page_views FROM traffic_daily WHERE brand = ? ORDER BY day")
      .bind(brand)
      .all();
    expect(trafficAfter.results).toEqual(trafficBefore.results);
    expect(trafficAfter.results).toEqual([
      { day: old.slice(0, 10), visits: 3, page_views: 3 },
      { day: recent.slice(0, 10), visits: 2, page_views: 2 },
    ]);
    expect(await count("SELECT SUM(hits) AS n FROM affiliate_hits_daily WHERE brand = ?", brand)).toBe(1);
    expect(await count("SELECT SUM(answers) AS n FROM consent_daily WHERE brand = ?", brand)).toBe(1);
  });

  it("is configured by the worker's EVENT_RETENTION_DAYS", () => {
    expect(retentionDays).toBe(90);
  });
});
