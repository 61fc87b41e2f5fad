// npm run seed:events [-- --events N]: a million page events (page views and interactions) over the last 90 days in
// the eight brands, with their visits, landings, channels, sources and campaigns, affiliate hits and consent answers,
// written to the local analytics D1 that `npm start` uses, then added to the daily rollups by the consumer's own SQL
// (app/lib/analytics/rollups.ts). Straight on the persisted SQLite file with node:sqlite: one transaction, prepared
// statements. Run again, it first takes its previous rows out of the rollups and deletes them (seeded ids start with
// 5eed5eed-), so nothing is counted twice. Stop `npm start` first: it would find the database busy meanwhile.
import { DatabaseSync } from "node:sqlite";
import { RAW_TABLES, ROLL_UP_PENDING, rollupStatements } from "../app/lib/analytics/rollups.ts";
import {
  AFFILIATE_HITS,
  CONSENT_ANSWERS,
  insertRowSql,
  PAGE_EVENTS,
  pageEventRow,
  type Row,
} from "../app/lib/analytics/tables.ts";
import { applyLocalMigrations } from "./migrations.ts";
import { DAYS, BRANDS, type Brand, CAMPAIGNS, AGENTS, HOURS, generator, touchOf } from "./seed-events-traffic.ts";
import { SEED_PREFIX, SEEDED, ROLLUPS, COUNTS, databaseWith, cataloguePaths } from "./seed-events-database.ts";

function parseEvents(argv: string[]): number {
  const index = argv.indexOf("--events");
  const events = index >= 0 ? Number(argv[index + 1]) : 1_000_000;
  if (!Number.isInteger(events) || events < 1 || events > 10_000_000)
    throw new Error("--events takes a whole number from 1 to 10000000");
  return events;
}

function main() {
  const target = parseEvents(process.argv.slice(2));
  const started = performance.now();
  const lap = (what: string, since: number) =>
    console.log(`  ${what}: ${((performance.now() - since) / 1000).toFixed(1)} s`);
  applyLocalMigrations({ quiet: true });
  const paths = cataloguePaths();
  const file = databaseWith("page_events");
  console.log(`Seeding ${target.toLocaleString("en")} page events into ${file}`);
  const db = new DatabaseSync(file, { timeout: 30_000 });

  let phase = performance.now();
  db.exec("BEGIN IMMEDIATE");
  try {
    // The previous seed out of the rollups (the same SQL, subtracting), then its rows.
    for (const table of RAW_TABLES)
      for (const sql of rollupStatements(`${SEEDED} AND rolled_up = 1`, -1)[table]) db.exec(sql);
    let removed = 0;
    for (const table of RAW_TABLES) removed += Number(db.prepare(`DELETE FROM ${table} WHERE ${SEEDED}`).run().changes);
    for (const rollup of ROLLUPS) db.exec(`DELETE FROM ${rollup} WHERE ${COUNTS[rollup]}`);
    if (removed) lap(`the previous seed's ${removed.toLocaleString("en")} rows taken out`, phase);

    phase = performance.now();
    const insertPage = db.prepare(insertRowSql(PAGE_EVENTS));
    const insertHit = db.prepare(insertRowSql(AFFILIATE_HITS));
    const insertAnswer = db.prepare(insertRowSql(CONSENT_ANSWERS));
    const random = generator(2026);
    let serial = 0;
    // Ascending ids: the primary key grows at its end, the fastest way to insert a million rows.
    const seedId = () => `${SEED_PREFIX}0000-8000-8000-${(serial++).toString(16).padStart(12, "0")}`;
    const brands = Object.entries(BRANDS) as [Brand, number][];
    const firstDay =
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - DAYS * 86_400_000;
    // Day weights: weekends lower, a slow rise over the quarter.
    const dayWeights = Array.from(
      { length: DAYS },
      (_, day) =>
        [
          day,
          [0.85, 1, 1.05, 1.05, 1, 0.95, 0.8][new Date(firstDay + day * 86_400_000).getUTCDay()]! *
            (0.85 + (0.3 * day) / DAYS),
        ] as const,
    );
    let events = 0,
      visits = 0,
      hits = 0,
      answers = 0;
    const interactions = { add_to_cart: 0, begin_checkout: 0, purchase: 0 };

    while (events < target) {
      const brand = random.weighted(brands);
      const day = random.weighted(dayWeights);
      let time =
        firstDay +
        day * 86_400_000 +
        random.weighted(HOURS.map((weight, hour) => [hour, weight] as const)) * 3_600_000 +
        Math.floor(random.next() * 3_600_000);
      const touch = touchOf(random, brand, day);
      const { agent, platform, mobile } = random.weighted(AGENTS.map((agent) => [agent, agent.share] as const));
      const visitId = `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}`;
      const session = random.next() < 0.7 ? random.hex(32) : null;
      const ip = `${1 + Math.floor(random.next() * 222)}.${Math.floor(random.next() * 256)}.${Math.floor(random.next() * 256)}.0`;
      const host = `http://${brand.toLowerCase()}.localhost:8787`;
      const landingPage = random.next() < 0.3 ? paths[brand][0]! : random.pick(paths[brand]);
      const views = Math.min(20, 1 + Math.floor(Math.log(1 - random.next()) / Math.log(0.7)));
      const cart = views > 1 && random.next() < 0.09;
      const checkout = cart && random.next() < 0.45;
      const purchase = checkout && random.next() < 0.55;
      const write = (
        category: string,
        name: string,
        page: { path: string; title: string },
        referrer: string,
        landing: boolean,
      ) => {
        if (events >= target) return;
        time += 20_000 + Math.floor(random.next() * 100_000);
        insertPage.run(
          ...pageEventRow({
            eventId: seedId(),
            category,
            name,
            url: `${host}${page.path}`,
            path: page.path,
            title: `${page.title} | ${brand}`,
            referrer,
            userAgent: agent,
            ip,
            platform,
            mobile,
            session,
            brand,
            createdAt: new Date(Math.min(time, Date.now())).toISOString(),
            visitId,
            landing,
            channel: touch.channel,
            source: touch.source,
            medium: touch.medium,
            campaign: touch.campaign,
          }),
        );
        events++;
      };

      visits++;
      write("page", "view", landingPage, touch.referrer, true);
      let previous = landingPage;
      for (let view = 1; view < views; view++) {
        const next = random.pick(paths[brand]);
        write("page", "view", next, `${host}${previous.path}`, false);
        previous = next;
        if (cart && view === 1) {
          write("ecommerce", "add_to_cart", next, "", false);
          interactions.add_to_cart++;
        }
      }
      if (checkout) {
        write("page", "view", { path: "/checkout", title: "Checkout" }, `${host}/cart`, false);
        write("ecommerce", "begin_checkout", { path: "/checkout", title: "Checkout" }, "", false);
        interactions.begin_checkout++;
      }
      if (purchase) {
        write("page", "view", { path: "/order-completed", title: "Order completed" }, `${host}/checkout`, false);
        write("ecommerce", "purchase", { path: "/order-completed", title: "Order completed" }, "", false);
        interactions.purchase++;
      }

      const at = new Date(firstDay + day * 86_400_000 + Math.floor(random.next() * 86_400_000)).toISOString();
      if (touch.channel === "affiliate") {
        const affiliateId = String(1000 + Math.floor(random.next() * 20));
        insertHit.run(
          ...([
            seedId(),
            brand,
            affiliateId,
            random.next() < 0.3 ? random.pick(CAMPAIGNS) : null,
            `${host}${landingPage.path}?afcust=${affiliateId}`,
            `${brand.toLowerCase()}.localhost`,
            random.hex(16),
            ip,
            random.next() < 0.97 ? 1 : 0,
            at,
          ] satisfies Row),
        );
        hits++;
      }
      if (random.next() < 0.35) {
        const [ads, analytics] = random.weighted([
          [[1, 1], 55],
          [[0, 1], 12],
          [[0, 0], 28],
          [[1, 0], 5],
        ] as const);
        insertAnswer.run(...([seedId(), brand, ads, analytics, "2026-11", at] satisfies Row));
        answers++;
      }
    }
    lap(
      `${events.toLocaleString("en")} page events (${visits.toLocaleString("en")} visits; add_to_cart ${interactions.add_to_cart.toLocaleString("en")}, begin_checkout ${interactions.begin_checkout.toLocaleString("en")}, purchase ${interactions.purchase.toLocaleString("en")}), ${hits.toLocaleString("en")} affiliate hits, ${answers.toLocaleString("en")} consent answers written`,
      phase,
    );

    // The consumer's rollups of every row not rolled up yet, then its mark.
    phase = performance.now();
    for (const table of RAW_TABLES) for (const sql of ROLL_UP_PENDING[table]) db.exec(sql);
    lap("rolled up into the daily rollups (the consumer's SQL)", phase);
    phase = performance.now();
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  lap("committed", phase);
  db.close();
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. \`npm start\` serves them; rerunning replaces them.`,
  );
}

main();
