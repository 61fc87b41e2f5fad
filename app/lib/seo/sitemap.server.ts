import type { Brand } from "@contract/brands/brands";
import { brandLocales } from "@contract/brands/brands";
import { LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";
import type { CatalogueApi } from "../catalogue/api.server";

const STATIC_PAGES = ["/", "/offers", "/reviews", "/about-us", "/tags-list", "/help-center", "/newsletter"];
const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** sitemap.xml: an index of one sitemap per locale the brand serves. */
export function sitemapIndex(origin: string, brand: Brand) {
  const items = brandLocales(brand).map((locale) => `<sitemap><loc>${origin}/sitemap/${locale}.xml</loc></sitemap>`);
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join("")}</sitemapindex>\n`,
    { headers: XML_HEADERS },
  );
}

const pathOf: Record<string, (slug: string) => string> = {
  category: (slug) => `/${slug}`,
  article: (slug) => `/${slug}`,
  tag: (slug) => `/t/${slug}`,
  design: (slug) => `/design/${slug}`,
  "help-topic": (slug) => `/help-center/topic/${slug}`,
  "help-category": (slug) => `/help-center/category/${slug}`,
};

/** One locale's pages, each with its alternates in the brand's other locales. */
export async function localeSitemap(origin: string, brand: Brand, locale: Locale, catalogue: CatalogueApi) {
  const locales = brandLocales(brand);
  const entries: { paths: Partial<Record<Locale, string>>; updatedAt?: string }[] = STATIC_PAGES.map((path) => ({
    paths: Object.fromEntries(locales.map((code) => [code, path])),
  }));
  for (const item of (await catalogue.sitemap()).items) {
    const paths = Object.fromEntries(
      Object.entries(item.slugs)
        .filter(([code]) => locales.includes(code as Locale))
        .map(([code, slug]) => [code, pathOf[item.kind]!(slug)]),
    );
    entries.push({ paths, updatedAt: item.updatedAt });
  }
  const url = (code: Locale, path: string) => escapeXml(`${origin}${localizePath(path, code, brand)}`);
  const body = entries
    .filter((entry) => entry.paths[locale])
    .map((entry) => {
      const alternates = locales
        .filter((code) => entry.paths[code])
        .map(
          (code) =>
            `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[code]}" href="${url(code, entry.paths[code]!)}"/>`,
        )
        .join("");
      const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt.slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${url(locale, entry.paths[locale]!)}</loc>${lastmod}${alternates}</url>`;
    })
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`,
    { headers: XML_HEADERS },
  );
}

/** robots.txt: crawl the shop, not the personal or transactional pages; the sitemap of this brand's host. */
export function robotsTxt(origin: string) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[
      "/api/",
      "/accounts/",
      "/checkout",
      "/cart",
      "/search",
      "/login",
      "/tracking/",
      "/order-completed",
      "/unsubscribe",
      "/mailbox",
      "/create/",
      "/_locales/",
      "/builds/",
    ].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
