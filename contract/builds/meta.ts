import type { Brand } from "../brands/brands.ts";
import type { Locale } from "../locales/locales.ts";
import { localizePath } from "../locales/paths.ts";

/**
 * A build's meta (SPEC §7, docs/decisions/0039): `builds/meta/{buildId}.json` lists the build's routes and, for the
 * brand asked, the pages prerendered at build time, whose data a page of that build reads at `{page}/_payload.json`
 * instead of asking the server. Zod-free: the build script, the build-version worker, the storefront and the browser
 * read it.
 */

/**
 * The pages that never vary per visitor, so each brand and locale has them prerendered (route patterns, unprefixed).
 */
export const PRERENDERED_PATTERNS = [
  "/about-us",
  "/tags-list",
  "/help-center",
  "/help-center/category/:id",
  "/help-center/topic/:id",
] as const;
export type PrerenderedPattern = (typeof PRERENDERED_PATTERNS)[number];

/**
 * A route of the build: its path pattern as React Router writes it (`/:lang/cart`), and whether its pages are
 * prerendered.
 */
export type BuildRoute = { path: string; prerender: boolean };

/**
 * What the build writes once (scripts/build-meta.ts): the routes, and each locale's prerendered pages (unprefixed
 * paths).
 */
export type BuildManifest = {
  buildId: string;
  date: string;
  routes: BuildRoute[];
  pages: Partial<Record<Locale, string[]>>;
};

/** The answer of `builds/meta/{buildId}.json` for one brand. */
export type BuildMeta = { id: string; timestamp: number; date: string; routes: BuildRoute[]; prerendered: string[] };

/** A brand's prerendered pages, as its visitors' paths (the locale prefix of its extra locales included). */
export function prerenderedPaths(
  manifest: Pick<BuildManifest, "pages">,
  brand: Pick<Brand, "defaultLocale" | "extraLocales">,
): string[] {
  return [brand.defaultLocale, ...brand.extraLocales].flatMap((locale) =>
    (manifest.pages[locale] ?? []).map((path) => localizePath(path, locale, brand)),
  );
}

export function buildMeta(manifest: BuildManifest, brand: Pick<Brand, "defaultLocale" | "extraLocales">): BuildMeta {
  return {
    id: manifest.buildId,
    timestamp: Date.parse(manifest.date),
    date: manifest.date,
    routes: manifest.routes,
    prerendered: prerenderedPaths(manifest, brand),
  };
}

export const PAYLOAD_FILE = "_payload.json";
/** Where the build writes its meta among the static files (the storefront reads its own build's from there). */
export const BUILD_META_FILE = "/_prerendered/meta.json";

/** Where a page's prerendered data is asked for: `/about-us` → `/about-us/_payload.json`, `/` → `/_payload.json`. */
export function payloadPath(pagePath: string): string {
  return `${pagePath.replace(/\/$/, "")}/${PAYLOAD_FILE}`;
}

/**
 * Where the build keeps a brand's payload among the static files (served by the storefront at the page's own address).
 */
export function prerenderedFile(brandSlug: string, pagePath: string): string {
  return `/_prerendered/${brandSlug.toLowerCase()}${payloadPath(pagePath)}`;
}

/**
 * The origin a prerendered payload is made at: the brand's local host on a port no store answers on. Data that names
 * the page's own origin (JSON-LD) is written with it, and the storefront puts the request's origin in its place.
 */
export function prerenderOrigin(brandSlug: string): string {
  return `http://${brandSlug.toLowerCase()}.localhost:65535`;
}

/** A prerendered page's data as `{page}/_payload.json` answers it. */
export type Payload<Data = unknown> = { buildId: string; path: string; data: Data };
