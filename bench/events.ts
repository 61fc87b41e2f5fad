// The bench's event item (docs/decisions/0026): page events written to the analytics D1 two ways, in the same run, on
// the built app worker (build/server) in Miniflare, with a throwaway D1 (migrations applied by wrangler, as npm start
// does) and the real Queue. A small driver worker beside it, bound to the same queue and database, makes the calls
// inside workerd (as the storefront's requests would), the same number in flight each way:
//   queue   each event is one `EVENTS.send` (what POST /api/event/page does); the app worker's own consumer writes
//           batches of up to 100, each one D1 transaction (the rows, then the daily rollups)
//   single  each event is one INSERT of its own (20 bound parameters, one D1 transaction): the write per event that
//           the queue replaces
// Events per second = events ÷ the time from the first call until every event is counted in page_events (and, for the
// queue, in traffic_daily's page views): nothing lost is checked by counting. `node bench/events.ts [events]` runs it
// alone (after `npm run build`).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { insertRowSql, PAGE_EVENTS, pageEventRow } from "../app/lib/analytics/tables.ts";
import { applyLocalMigrations } from "../scripts/migrations.ts";

type PageEvent = Parameters<typeof pageEventRow>[0];

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER = path.join(ROOT, "build/server");
const SERVER_ENTRY = path.join(SERVER, "index.js");
const QUEUE = "storefront-page-events";
/** Calls in flight at once, each way (a busy storefront's concurrent requests). */
const IN_FLIGHT = 16;
/** Neither way may take longer than this: the run stops waiting and reports what was stored. */
const TIME_LIMIT_MS = 120_000;

// Sends each event (queue) or runs its INSERT (single), IN_FLIGHT at a time, inside workerd.
const DRIVER = `export default {
  async fetch(request, env) {
    const { way, items, sql, inFlight } = await request.json();
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const item = items[next++];
        if (way === "queue") await env.EVENTS.send(item);
        else await env.ANALYTICS_DB.prepare(sql).bind(...item).run();
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    return new Response("done");
  },
};`;

export type EventFigures = {
  events: number;
  queuePerSecond: number;
  singlePerSecond: number;
  speedup: number;
  queueSeconds: number;
  singleSeconds: number;
  /** Events per second of the consumer's own time (its batches' durations, from the local queue's log). */
  consumerPerSecond: number;
  batches: number;
  lost: number;
};

/**
 * Miniflare's log, kept quiet but for errors; it notes each delivery of the queue to its consumer and how long it took.
 */
class DeliveryLog extends Log {
  deliveries: { events: number; ms: number }[] = [];
  constructor() {
    super(LogLevel.INFO);
  }
  override logWithLevel(level: LogLevel, message: string) {
    const delivery = new RegExp(`QUEUE ${QUEUE} (\\d+)/(\\d+) \\((\\d+)ms\\)`).exec(message);
    if (delivery) this.deliveries.push({ events: Number(delivery[2]), ms: Number(delivery[3]) });
    else if (level <= LogLevel.ERROR) super.logWithLevel(level, message);
  }
}

function events(count: number, label: string): PageEvent[] {
  const started = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    kind: "page",
    eventId: `${label}-${index}-${crypto.randomUUID()}`,
    category: "page",
    name: "view",
    url: `https://wpx.es/p/${index % 50}`,
    path: `/p/${index % 50}`,
    title: "Regalos con foto | WPX España",
    referrer: "",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
    ip: "203.0.113.0",
    platform: "Linux",
    mobile: index % 3 === 0,
    session: null,
    brand: `BENCH-${label}`,
    createdAt: new Date(started + index).toISOString(),
    visitId: null,
    landing: index % 4 === 0,
    channel: "direct",
    source: "(direct)",
    medium: "(none)",
    campaign: null,
  }));
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".js")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

export async function measureEventIngestion(count = 5000): Promise<EventFigures> {
  const state = mkdtempSync(path.join(tmpdir(), "bench-events-"));
  const build = JSON.parse(readFileSync(path.join(SERVER, "wrangler.json"), "utf8")) as {
    compatibility_date: string;
    compatibility_flags?: string[];
    vars: Record<string, string>;
  };
  applyLocalMigrations({ persistTo: state, only: ["storefront-analytics"], quiet: true });
  const common = {
    compatibilityDate: build.compatibility_date,
    compatibilityFlags: build.compatibility_flags ?? [],
    d1Databases: { ANALYTICS_DB: "storefront-analytics" },
    queueProducers: { EVENTS: { queueName: QUEUE } },
  };
  const log = new DeliveryLog();
  const mf = new Miniflare({
    ...convertV4MiniflareOptions({
      workers: [
        {
          ...common,
          name: "driver",
          modules: true,
          script: DRIVER,
        },
        {
          ...common,
          name: "storefront",
          // The entry first, then every chunk it may import (the build is not one file).
          modules: [SERVER_ENTRY, ...jsFiles(SERVER).filter((file) => file !== SERVER_ENTRY)].map((file) => ({
            type: "ESModule" as const,
            path: file,
          })),
          modulesRoot: SERVER,
          bindings: {
            ...build.vars,
            SESSION_PASSWORD: "bench-only-".padEnd(40, "x"),
            PAYMENT_WEBHOOK_SECRET: "bench-only-".padEnd(40, "y"),
          },
          kvNamespaces: ["SESSIONS"],
          // wrangler.jsonc's consumer, but flushing a partial batch after 1 s instead of 5, so the run's tail is short.
          queueConsumers: { [QUEUE]: { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 5 } },
        },
      ],
    }),
    resourcePersistencePath: path.join(state, "v3"),
    log,
    handleStructuredLogs: ({ level, message }) => {
      if (level === "error") console.error(`  worker: ${message}`);
    },
  });
  try {
    const db = await mf.getD1Database("ANALYTICS_DB", "storefront");
    const drive = async (way: "queue" | "single", messages: PageEvent[]) => {
      const items = way === "queue" ? messages : messages.map(pageEventRow);
      const answer = await mf.dispatchFetch("http://driver.local/", {
        method: "POST",
        body: JSON.stringify({ way, items, sql: insertRowSql(PAGE_EVENTS), inFlight: IN_FLIGHT }),
      });
      if (answer.status !== 200)
        throw new Error(`the bench's driver answered ${answer.status}: ${await answer.text()}`);
      await answer.text();
    };
    const counted = async (brand: string, sql = "SELECT COUNT(*) AS n FROM page_events WHERE brand = ?") =>
      (await db.prepare(sql).bind(brand).first<{ n: number }>())?.n ?? 0;
    const rolledUp = (brand: string) =>
      counted(brand, "SELECT coalesce(SUM(page_views), 0) AS n FROM traffic_daily WHERE brand = ?");
    const waitFor = async (brand: string, expected: number, started: number) => {
      while ((await counted(brand)) < expected || (await rolledUp(brand)) < expected) {
        if (performance.now() - started > TIME_LIMIT_MS) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    // A short warm-up of both ways, so neither pays for starting the isolates.
    await drive("queue", events(200, "warm"));
    await drive("single", events(200, "warmsingle"));
    await waitFor("BENCH-warm", 200, performance.now());

    const queueStarted = performance.now();
    log.deliveries = [];
    await drive("queue", events(count, "queue"));
    await waitFor("BENCH-queue", count, queueStarted);
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    const consumed = log.deliveries.reduce(
      (sum, delivery) => ({ events: sum.events + delivery.events, ms: sum.ms + delivery.ms }),
      { events: 0, ms: 0 },
    );

    const singleStarted = performance.now();
    await drive("single", events(count, "single"));
    const singleSeconds = (performance.now() - singleStarted) / 1000;

    const lost = [
      count - (await counted("BENCH-queue")),
      count - (await rolledUp("BENCH-queue")),
      count - (await counted("BENCH-single")),
    ].reduce((a, b) => a + Math.max(0, b), 0);
    const queuePerSecond = count / queueSeconds;
    const singlePerSecond = count / singleSeconds;
    return {
      events: count,
      queuePerSecond,
      singlePerSecond,
      speedup: queuePerSecond / singlePerSecond,
      queueSeconds,
      singleSeconds,
      consumerPerSecond: consumed.ms > 0 ? consumed.events / (consumed.ms / 1000) : NaN,
      batches: log.deliveries.length,
      lost,
    };
  } finally {
    await mf.dispose();
    rmSync(state, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  process.env.WRANGLER_SEND_METRICS = "false";
  const figures = await measureEventIngestion(Number(process.argv[2] ?? 5000));
  console.log(JSON.stringify(figures, null, 2));
}
