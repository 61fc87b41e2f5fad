import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/lib/request/rendering/shell-data.server";
import { LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";

type MetaArgs = { loaderData?: unknown; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** What a page's loader says about itself for search engines and sharing. */
export type PageSeo = {
  title: string;
  description?: string;
  /** The page's path without locale prefix; alternates give each locale's path when slugs differ. */
  path?: string;
  alternates?: Partial<Record<Locale, string>>;
  image?: string;
  type?: "website" | "product" | "article";
  jsonLd?: object[];
  noindex?: boolean;
};

/**
 * Title `{page} | {brand}`, description, canonical URL, hreflang alternates across the brand's locales, Open Graph
 * and JSON-LD (the page's own, plus the Organization).
 */
export function pageMeta({ loaderData, matches }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const seo = loaderData as Partial<PageSeo> | undefined;
  const brand = root?.brand.name ?? "";
  const title = seo?.title ? `${seo.title} | ${brand}` : brand;
  const tags: MetaDescriptor[] = [{ title }];
  if (!root || !seo) return tags;
  const locale = root.locale as Locale;
  const defaultLocale = root.brand.defaultLocale as Locale;
  const url = (target: Locale, path: string) => `${root.origin}${localizePath(path, target, { defaultLocale })}`;
  const pathIn = (target: Locale) => seo.alternates?.[target] ?? seo.path;
  if (seo.description) tags.push({ name: "description", content: seo.description });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  const own = pathIn(locale);
  if (own !== undefined && !seo.noindex) {
    tags.push({ tagName: "link", rel: "canonical", href: url(locale, own) });
    for (const target of root.brand.locales as Locale[]) {
      const path = pathIn(target);
      if (path !== undefined)
        tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_TAGS[target], href: url(target, path) });
    }
    const fallback = pathIn(defaultLocale);
    if (fallback !== undefined)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(defaultLocale, fallback) });
    tags.push({ property: "og:url", content: url(locale, own) });
  }
  tags.push(
    { property: "og:site_name", content: brand },
    { property: "og:title", content: seo.title ?? brand },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: LOCALE_TAGS[locale].replace("-", "_") },
  );
  if (seo.description) tags.push({ property: "og:description", content: seo.description });
  if (seo.image)
    tags.push({
      property: "og:image",
      content: seo.image.startsWith("http") ? seo.image : `${root.origin}${seo.image}`,
    });
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand,
    url: `${root.origin}/`,
    logo: `${root.origin}${root.brand.theme === "tz" ? "/favicon-tz.svg" : "/favicon.svg"}`,
  };
  for (const data of [...(seo.jsonLd ?? []), organization]) tags.push({ "script:ld+json": data });
  return tags;
}

/** schema.org BreadcrumbList from the home page down to this page. */
export function breadcrumbJsonLd(origin: string, items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: `${origin}${item.url}`,
    })),
  };
}
