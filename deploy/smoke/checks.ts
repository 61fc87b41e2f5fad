// The smoke's checks of one brand, in the order a visitor meets them. Each returns what it saw (printed after "ok") or
// throws why it failed. Read-only but for the cart, which a throwaway visitor fills and leaves.
import { z } from "zod";
import { BRANDS, type Brand } from "../../contract/brands/brands.ts";
import { CookieJar, snippet, type Answer, type Client } from "./http.ts";
import {
  cartForm,
  catalogueLinks,
  categoriesSection,
  countOf,
  isCataloguePath,
  pageKind,
  productCards,
} from "./page.ts";
import type { Target } from "./targets.ts";

export const CHECK_NAMES = [
  "home",
  "category",
  "product",
  "search",
  "cart",
  "login",
  "sitemap",
  "robots",
  "headers",
  "build",
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One brand's visit: its client, a way to start a throwaway visitor, and what earlier checks found for later ones. */
export type Visit = {
  target: Target;
  client: Client;
  visitorWith: (jar: CookieJar) => Client;
  /** The brand the site turned out to serve: the target's, or the default brand recognised on the home page. */
  brand: Brand | null;
  home?: string;
  sitemapPaths?: string[];
  category?: Found;
  product?: Found;
};

type Found = { path: string; name: string; html: string };

/**
 * The home page's first few tiles or cards are tried (one may lead elsewhere), then this many sitemap entries at most.
 */
const HOME_LINKS_TRIED = 3;
const SITEMAP_TRIES = 20;
const HTML = "text/html";

function fail(message: string): never {
  throw new Error(message);
}

function expectAnswer(answer: Answer, type: string) {
  const where = `${answer.url.pathname}${answer.url.search}`;
  if (answer.status !== 200)
    fail(`HTTP ${answer.status} at ${where}${answer.body ? `: ${snippet(answer.body, 80)}` : ""}`);
  const contentType = String(answer.headers["content-type"] ?? "");
  if (!contentType.includes(type)) fail(`${where} is ${contentType || "without a content type"}, not ${type}`);
}

/** The paths of the brand's default-locale sitemap (the index's first), read once per visit. */
async function sitemapPaths(visit: Visit): Promise<string[]> {
  if (visit.sitemapPaths) return visit.sitemapPaths;
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map(([, loc = ""]) => new URL(loc.replaceAll("&amp;", "&")));
  const index = await visit.client.get("/sitemap.xml", "application/xml");
  expectAnswer(index, "xml");
  let urls = locs(index.body);
  if (index.body.includes("<sitemapindex") && urls[0]) {
    const first = await visit.client.get(`${urls[0].pathname}${urls[0].search}`, "application/xml");
    expectAnswer(first, "xml");
    urls = locs(first.body);
  }
  visit.sitemapPaths = urls.map((url) => url.pathname).filter(isCataloguePath);
  return visit.sitemapPaths;
}

/**
 * A category or product page found as a visitor finds one: the home page's first category tile or product card,
 * else the sitemap's entries in turn. A link that answers anything but 200 fails the search: it is a broken page.
 */
async function find(visit: Visit, kind: "category" | "product"): Promise<Found> {
  const home = visit.home ?? "";
  const linked = catalogueLinks(
    kind === "category" ? categoriesSection(home) : productCards(home),
    visit.client.site.origin,
  );
  const tried = new Set<string>();
  async function firstOfKind(paths: string[]): Promise<Found | null> {
    for (const path of paths.filter((candidate) => !tried.has(candidate))) {
      tried.add(path);
      const page = await visit.client.get(path);
      expectAnswer(page, HTML);
      const seen = pageKind(page.body);
      if (seen.kind === kind) return { path, name: seen.name, html: page.body };
    }
    return null;
  }
  return (
    (await firstOfKind(linked.slice(0, HOME_LINKS_TRIED))) ??
    (await firstOfKind((await sitemapPaths(visit)).slice(0, SITEMAP_TRIES))) ??
    fail(`no ${kind} page among ${tried.size} pages linked from the home page and the sitemap`)
  );
}

/** The longest word of a name the brand's catalogue has: searching for it must find something. */
function searchWord(visit: Visit) {
  const name =
    visit.product?.name ||
    visit.category?.name ||
    fail("nothing to search for: neither a product nor a category was found");
  const words = name.match(/[\p{L}\p{N}]{3,}/gu) ?? fail(`no word to search for in "${name}"`);
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest));
}

const latestBuild = z.object({ id: z.string().min(1) });

export const CHECKS: Record<CheckName, (visit: Visit) => Promise<string>> = {
  async home(visit) {
    const page = await visit.client.get("/");
    expectAnswer(page, HTML);
    const { target } = visit;
    if (target.brand) {
      if (!page.body.includes(target.brand.name)) fail(`the brand's name "${target.brand.name}" is not on the page`);
    } else {
      const served = BRANDS.find((brand) => page.body.includes(brand.name)) ?? fail("no brand's name on the page");
      if (!target.expected.includes(served))
        fail(`the host serves ${served.slug}, not ${target.expected.map((brand) => brand.slug).join(" or ")}`);
      visit.brand = served;
    }
    visit.home = page.body;
    return target.brand ? "/" : `/ (the default brand: ${visit.brand?.slug})`;
  },

  async category(visit) {
    visit.category = await find(visit, "category");
    return `${visit.category.path} "${visit.category.name}"`;
  },

  async product(visit) {
    const product = await find(visit, "product");
    if (!cartForm(product.html)) fail(`no add-to-cart form on ${product.path}`);
    visit.product = product;
    return `${product.path} "${product.name}"`;
  },

  async search(visit) {
    const path = `/search?${new URLSearchParams({ query: searchWord(visit) })}`;
    const page = await visit.client.get(path);
    expectAnswer(page, HTML);
    const hits = countOf(page.body, "search-hit");
    if (hits === 0) fail(`no results at ${path}`);
    return `${decodeURIComponent(path)} ${hits} result${hits === 1 ? "" : "s"}`;
  },

  /** A new visitor (its own cookies) adds the product as the page's form is, without JavaScript, and opens the cart. */
  async cart(visit) {
    const product = visit.product?.path ?? fail("no product page was found to add from");
    const visitor = visit.visitorWith(new CookieJar());
    const page = await visitor.get(product);
    expectAnswer(page, HTML);
    const form = cartForm(page.body) ?? fail(`no add-to-cart form on ${product}`);
    const added = await visitor.submit(form.action, form.fields, product);
    if (added.status !== 200)
      fail(`adding to the cart answered HTTP ${added.status}${added.body ? `: ${snippet(added.body, 80)}` : ""}`);
    const cartPath = visitor.url(form.action).pathname;
    const cart = added.url.pathname === cartPath ? added : await visitor.get(cartPath);
    expectAnswer(cart, HTML);
    const lines = countOf(cart.body, "cart-line");
    if (lines !== 1) fail(`${cart.url.pathname}${cart.url.search} shows ${lines} lines after one add, not 1`);
    return `${product} → ${cart.url.pathname}${cart.url.search} 1 line`;
  },

  async login(visit) {
    expectAnswer(await visit.client.get("/login"), HTML);
    return "/login";
  },

  async sitemap(visit) {
    const sitemap = await visit.client.get("/sitemap.xml", "application/xml");
    expectAnswer(sitemap, "xml");
    const root =
      /<(urlset|sitemapindex)\b/.exec(sitemap.body)?.[1] ??
      fail("/sitemap.xml has neither <urlset> nor <sitemapindex>");
    return `/sitemap.xml <${root}> of ${sitemap.body.split("<loc>").length - 1} entries`;
  },

  async robots(visit) {
    const robots = await visit.client.get("/robots.txt", "text/plain");
    expectAnswer(robots, "text/plain");
    const sitemap = /^sitemap:\s*(\S+)/im.exec(robots.body)?.[1] ?? fail("/robots.txt has no Sitemap: line");
    return `/robots.txt Sitemap: ${sitemap}`;
  },

  /** The headers decision 0014 gives every page (app/lib/request/security-headers.server.ts); HSTS only on https. */
  async headers(visit) {
    const home = await visit.client.get("/");
    expectAnswer(home, HTML);
    const header = (name: string) => String(home.headers[name] ?? "");
    const policy = header("content-security-policy");
    const problems = [
      policy ? null : "no Content-Security-Policy",
      header("x-content-type-options").toLowerCase() === "nosniff"
        ? null
        : `X-Content-Type-Options "${header("x-content-type-options")}"`,
      header("referrer-policy") ? null : "no Referrer-Policy",
      /frame-ancestors\s+[^*;\s]/.test(policy) || /^(deny|sameorigin)$/i.test(header("x-frame-options"))
        ? null
        : "framing allowed (no frame-ancestors, no X-Frame-Options)",
      visit.client.site.origin.startsWith("https:") && !/max-age=[1-9]/.test(header("strict-transport-security"))
        ? `Strict-Transport-Security "${header("strict-transport-security")}"`
        : null,
    ].filter((problem) => problem !== null);
    if (problems.length) fail(problems.join("; "));
    const framing = /frame-ancestors[^;]*/.exec(policy)?.[0] ?? `X-Frame-Options ${header("x-frame-options")}`;
    return `/ CSP, nosniff, ${header("referrer-policy")}, ${framing}${header("strict-transport-security") ? ", HSTS" : ""}`;
  },

  async build(visit) {
    const answer = await visit.client.get("/builds/latest.json", "application/json");
    expectAnswer(answer, "json");
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      fail(`/builds/latest.json is not JSON: ${snippet(answer.body, 80)}`);
    }
    const parsed = latestBuild.safeParse(json);
    if (!parsed.success) fail(`/builds/latest.json has no string id: ${snippet(answer.body, 80)}`);
    return `/builds/latest.json id ${parsed.data.id}`;
  },
};
