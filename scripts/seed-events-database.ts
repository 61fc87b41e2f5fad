import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { BRANDS, type Brand } from "./seed-events-traffic.ts";

// The local D1 files scripts/seed-events.ts writes to, its seeded rows and the rollups they count in, and the
// catalogue's pages the visits land on.

const D1_FILES = ".wrangler/state/v3/d1/miniflare-D1DatabaseObject";
export const SEED_PREFIX = "5eed5eed-";
/** The seed's rows, by their ids (the primary key's range: no scan). */
export const SEEDED = `event_id >= '${SEED_PREFIX}' AND event_id < '5eed5eee'`;
export const ROLLUPS = [
  "traffic_daily",
  "landing_daily",
  "interaction_daily",
  "affiliate_hits_daily",
  "consent_daily",
] as const;
export const COUNTS: Record<(typeof ROLLUPS)[number], string> = {
  traffic_daily: "visits = 0 AND page_views = 0",
  landing_daily: "visits = 0",
  interaction_daily: "count = 0",
  affiliate_hits_daily: "hits = 0",
  consent_daily: "answers = 0",
};

export function databaseWith(table: string): string {
  for (const file of readdirSync(D1_FILES).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(D1_FILES, file), { readOnly: true });
    const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    db.close();
    if (found) return path.join(D1_FILES, file);
  }
  throw new Error(`no local D1 database with a ${table} table under ${D1_FILES}`);
}

/** Each brand's landing pages from the local catalogue: home, offers, its categories and its most popular articles. */
export function cataloguePaths(): Record<Brand, { path: string; title: string }[]> {
  const store = new DatabaseSync(databaseWith("category_texts"), { readOnly: true });
  const pages = {} as Record<Brand, { path: string; title: string }[]>;
  for (const brand of Object.keys(BRANDS) as Brand[]) {
    const categories = store
      .prepare(
        "SELECT t.slug, t.name FROM categories c JOIN category_texts t ON t.category_id = c.id JOIN sites s ON s.slug = c.site AND t.locale = s.default_locale WHERE c.site = ? ORDER BY c.position",
      )
      .all(brand) as { slug: string; name: string }[];
    const articles = store
      .prepare(
        "SELECT a.slug, t.name FROM articles a JOIN sites s ON s.slug = a.site JOIN article_texts t ON t.article_id = a.id AND t.locale = s.default_locale WHERE a.site = ? ORDER BY a.popularity DESC LIMIT 12",
      )
      .all(brand) as { slug: string; name: string }[];
    pages[brand] = [
      { path: "/", title: brand },
      { path: "/offers", title: "Offers" },
      ...[...categories, ...articles].map(({ slug, name }) => ({ path: `/${slug}`, title: name })),
    ];
  }
  store.close();
  return pages;
}
