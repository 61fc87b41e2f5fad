// The build's meta (docs/decisions/0039), made before the bundles so that the storefront and the build-version worker
// both carry it: the routes of app/routes.ts, and each locale's pages to prerender, read from the seeded catalogue (the
// store's migrations applied to a database in memory: the data the reference product API is deployed with).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { runnerImport } from "vite";
import { BRANDS } from "#contract/brands/brands.ts";
import { PRERENDERED_PATTERNS, type BuildManifest, type BuildRoute } from "#contract/builds/meta.ts";
import { LOCALES, type Locale } from "#contract/locales/locales.ts";

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** Every route's full path pattern, from the route config React Router builds (layouts add no segment). */
async function routePatterns(): Promise<string[]> {
  const { module } = await runnerImport<{ default: RouteEntry[] }>(join(import.meta.dirname, "../app/routes.ts"), {
    configFile: false,
    logLevel: "silent",
  });
  const walk = (entries: RouteEntry[], parent: string): string[] =>
    entries.flatMap((entry) => {
      const path = entry.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${entry.path}`;
      return [...(entry.path === undefined ? [] : [path || "/"]), ...walk(entry.children ?? [], path)];
    });
  const found = walk(module.default, "");
  return [...new Set(found.map((path) => (path.startsWith("/") ? path : `/${path}`)))];
}

const isPrerendered = (pattern: string) =>
  (PRERENDERED_PATTERNS as readonly string[]).includes(pattern.replace(/^\/:lang(?=\/)/, ""));

/** The seeded catalogue: every store migration, in order, applied to a database in memory. */
function seededCatalogue(): DatabaseSync {
  const dir = join(import.meta.dirname, "../migrations/store");
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort())
    db.exec(readFileSync(join(dir, file), "utf8"));
  return db;
}

/** Each locale's prerendered pages: about us where every brand of that locale has it, the tag list, the help centre. */
function prerenderedPages(db: DatabaseSync): Partial<Record<Locale, string[]>> {
  const pages: Partial<Record<Locale, string[]>> = {};
  for (const locale of LOCALES) {
    const brands = BRANDS.filter((brand) => brand.defaultLocale === locale || brand.extraLocales.includes(locale));
    if (!brands.length) continue;
    const aboutUs = brands.every((brand) =>
      db.prepare("SELECT 1 FROM pages WHERE site = ? AND key = 'about-us' AND locale = ?").get(brand.slug, locale),
    );
    const categories = db
      .prepare("SELECT category_id AS id FROM help_category_texts WHERE locale = ? ORDER BY category_id")
      .all(locale) as { id: number }[];
    const topics = db
      .prepare(`SELECT x.topic_id AS id, x.slug FROM help_topic_texts x JOIN help_topics p ON p.id = x.topic_id
      JOIN help_category_texts n ON n.category_id = p.category_id AND n.locale = x.locale WHERE x.locale = ? ORDER BY x.topic_id`)
      .all(locale) as { id: number; slug: string }[];
    pages[locale] = [
      ...(aboutUs ? ["/about-us"] : []),
      "/tags-list",
      "/help-center",
      ...categories.map(({ id }) => `/help-center/category/${id}`),
      ...topics.map(({ id, slug }) => `/help-center/topic/${slug}_${id}`),
    ];
  }
  return pages;
}

/** The routes and prerendered pages of the build with this id and date. */
export async function buildMeta(buildId: string, date: string): Promise<BuildManifest> {
  const routes: BuildRoute[] = (await routePatterns()).map((path) => ({ path, prerender: isPrerendered(path) }));
  if (!PRERENDERED_PATTERNS.every((pattern) => routes.some((route) => route.prerender && route.path === pattern))) {
    throw new Error(`A prerendered page is not a route of app/routes.ts: ${PRERENDERED_PATTERNS.join(", ")}`);
  }
  const db = seededCatalogue();
  try {
    return { buildId, date, routes, pages: prerenderedPages(db) };
  } finally {
    db.close();
  }
}
