// Writes migrations/store/0004_catalogue_seed.sql (and, through ./pickup-points.ts, 0007_pickup_points_seed.sql) from the translated content in ./content and the rules below.
// Run with `npm run seed:generate` after changing content; the output is a migration, committed like any other.
import { readFileSync, writeFileSync } from "node:fs";
import { designArt } from "./design-art.ts";
import { optionsFor, tiersFor, kindOfImage } from "./catalogue-rules.ts";
import { writePickupPointsSeed } from "./pickup-points.ts";

type Texts<T> = Record<string, T>;
type Merch = Record<
  string,
  {
    categories: {
      key: string;
      listMode: string;
      articles: number[];
      texts: Texts<{ slug: string; name: string; description: string; body?: string[] }>;
    }[];
    tags: { key: string; articles: number[]; texts: Texts<{ slug: string; name: string; description: string }> }[];
    offers: {
      code: string;
      discountPercent: number;
      startsAt: string;
      endsAt: string;
      minOrder: number;
      articles: number[];
      texts: Texts<{ title: string; description: string; conditions: string }>;
    }[];
    banners: { key: string; link: string; texts: Texts<{ title: string; subtitle: string; cta: string }> }[];
    aboutUs: Texts<{ title: string; intro: string; sections: { heading: string; body: string }[] }>;
  }
>;
type ExtraArticle = {
  id: number;
  site: string;
  kind: string;
  image: string;
  price: number;
  collection: string | null;
  texts: Texts<{ slug: string; name: string; namePlural: string; description: string }>;
};
type Review = {
  site: string;
  article: number;
  rating: number;
  author: string;
  locale: string;
  title: string;
  body: string;
  createdAt: string;
  answer: string | null;
};
type Theme = { key: string; motif: string; colors: string[]; texts: Texts<{ name: string; slug: string }> };
type Help = {
  categories: Record<string, { name: string; description: string }>;
  topics: Record<string, { title: string; slug: string; body: string[] }>;
};

const here = new URL(".", import.meta.url).pathname;
const read = <T>(file: string): T => JSON.parse(readFileSync(`${here}content/${file}`, "utf8")) as T;
// What it writes (migrations, design pictures) is named from the repository's root, where npm runs the script.
const SEED_SQL = "migrations/store/0001_seed.sql";
const LOCALES = ["pl", "es", "it", "da", "fr", "pt", "cs", "en"];
const SITES: Record<string, string> = {
  "WPX-PL": "pl",
  "WPX-ES": "es",
  "WPX-IT": "it",
  "WPX-DK": "da",
  "WPX-FR": "fr",
  "TZ-ES": "es",
  "WPX-PT": "pt",
  "WPX-CZ": "cs",
};
const BANNER_IMAGES: Record<string, string[]> = {
  wpx: ["/images/products/canvas.svg", "/images/products/mug.svg", "/images/products/photo-book.svg"],
  tz: ["/images/products/magic-mug.svg", "/images/products/cushion.svg", "/images/products/puzzle.svg"],
};
const HELP_ICONS = ["receipt", "truck", "refund", "photo", "box", "brush", "user", "tag"];
const HELP_TOPIC_CATEGORY: Record<number, number> = {
  90: 4,
  23: 4,
  25: 2,
  27: 1,
  17: 2,
  21: 1,
  33: 2,
  29: 1,
  8: 3,
  11: 3,
  26: 4,
  31: 7,
  1: 1,
  2: 1,
  3: 1,
  4: 1,
  5: 2,
  6: 2,
  7: 2,
  9: 3,
  10: 3,
  12: 4,
  13: 4,
  14: 4,
  15: 5,
  16: 5,
  18: 5,
  19: 5,
  20: 6,
  22: 6,
  24: 6,
  28: 7,
  30: 7,
  32: 7,
  34: 8,
  35: 8,
  36: 8,
  37: 8,
  38: 1,
  39: 7,
  40: 1,
};

const sql: string[] = [];
const q = (value: unknown): string => {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
};
const insert = (table: string, row: Record<string, unknown>) =>
  sql.push(
    `INSERT INTO \`${table}\` (${Object.keys(row)
      .map((k) => `\`${k}\``)
      .join(", ")}) VALUES (${Object.values(row).map(q).join(", ")});`,
  );
/** A deterministic pseudo-random number in [0, 1) per key, so the seed is the same on every run. */
const rand = (key: string) => {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10000) / 10000;
};

// Existing articles (0001_seed.sql): kind, popularity and creation date, options and tiers.
const existing = [
  ...readFileSync(SEED_SQL, "utf8").matchAll(
    /INSERT INTO `articles` \([^)]*\) VALUES \((\d+), '([A-Z-]+)', '([^']+)', (\d+), '([^']+)'/g,
  ),
].map(([, id, site, slug, price, image]) => ({
  id: Number(id),
  site: site!,
  slug: slug!,
  price: Number(price),
  image: image!,
}));
const extra = read<ExtraArticle[]>("articles-extra.json");
const articleTexts = new Map<number, Texts<{ name: string; description: string; slug: string }>>();
for (const match of readFileSync(SEED_SQL, "utf8").matchAll(
  /INSERT INTO `article_texts` \([^)]*\) VALUES \((\d+), '(\w+)', '((?:[^']|'')*)', '(?:[^']|'')*', '((?:[^']|'')*)'\)/g,
)) {
  const id = Number(match[1]);
  const texts = articleTexts.get(id) ?? {};
  const slug = existing.find((a) => a.id === id)!.slug;
  texts[match[2]!] = { name: match[3]!.replaceAll("''", "'"), description: match[4]!.replaceAll("''", "'"), slug };
  articleTexts.set(id, texts);
}

let optionId = 1;
let mediaId = 1;
const allArticles = [
  ...existing.map((a) => ({ ...a, kind: kindOfImage(a.image) })),
  ...extra.map((a) => ({
    id: a.id,
    site: a.site,
    slug: a.texts.en!.slug,
    price: a.price,
    image: a.image,
    kind: a.kind,
  })),
];
for (const article of existing) {
  const kind = kindOfImage(article.image);
  sql.push(
    `UPDATE \`articles\` SET \`kind\` = ${q(kind)}, \`popularity\` = ${Math.round(rand(`pop${article.id}`) * 900) + 50}, \`created_at\` = ${q(`2026-0${1 + Math.floor(rand(`new${article.id}`) * 9)}-15`)} WHERE \`id\` = ${article.id};`,
  );
}
for (const article of extra) {
  insert("articles", {
    id: article.id,
    site: article.site,
    slug: article.texts[SITES[article.site]!]!.slug,
    price: article.price,
    image: article.image,
    collection: article.collection,
    position: article.id % 100,
    kind: article.kind,
    popularity: Math.round(rand(`pop${article.id}`) * 600) + 20,
    created_at: "2026-10-20",
  });
  for (const [locale, text] of Object.entries(article.texts)) {
    insert("article_texts", {
      article_id: article.id,
      locale,
      name: text.name,
      name_plural: text.namePlural,
      description: text.description,
    });
    articleTexts.set(article.id, {
      ...articleTexts.get(article.id),
      [locale]: { name: text.name, description: text.description, slug: text.slug },
    });
  }
}
for (const article of allArticles) {
  for (const option of optionsFor(article.kind, article.site))
    insert("article_options", { id: optionId++, article_id: article.id, ...option });
  for (const tier of tiersFor(article.kind)) insert("article_tiers", { article_id: article.id, ...tier });
  insert("media", {
    id: mediaId++,
    owner_kind: "product",
    owner_id: String(article.id),
    media_type: "IMAGE",
    url: article.image,
    format: "svg",
    width: 400,
    height: 400,
    position: 0,
  });
  insert("media", {
    id: mediaId++,
    owner_kind: "environment",
    owner_id: String(article.id),
    media_type: "IMAGE",
    url: `/images/environments/${article.kind}.jpg`,
    format: "jpg",
    width: 800,
    height: 600,
    position: 1,
  });
}

// Merchandising per brand: categories, tags, offers, banners, about-us.
const merch = read<Merch>("merchandising.json");
const search: Record<string, unknown>[] = [];
const tagNamesByArticle = new Map<number, Record<string, string[]>>();
let categoryId = 1,
  tagId = 1,
  offerId = 1,
  bannerId = 1;
for (const [site, content] of Object.entries(merch)) {
  content.categories.forEach((category, index) => {
    const id = categoryId++;
    insert("categories", { id, site, key: category.key, list_mode: category.listMode, position: index + 1 });
    for (const [position, articleId] of category.articles.entries())
      insert("category_articles", { category_id: id, article_id: articleId, position });
    for (const [locale, text] of Object.entries(category.texts)) {
      insert("category_texts", {
        category_id: id,
        locale,
        slug: text.slug,
        name: text.name,
        description: text.description,
        body: JSON.stringify(text.body ?? []),
      });
      search.push({
        site,
        locale,
        kind: "category",
        ref: `category:${id}`,
        name: text.name,
        tags: category.key,
        description: text.description,
      });
    }
  });
  for (const tag of content.tags) {
    const id = tagId++;
    insert("tags", { id, site, key: tag.key });
    for (const [locale, text] of Object.entries(tag.texts)) {
      insert("tag_texts", { tag_id: id, locale, slug: text.slug, name: text.name, description: text.description });
      search.push({
        site,
        locale,
        kind: "tag",
        ref: `tag:${id}`,
        name: text.name,
        tags: "",
        description: text.description,
      });
      for (const articleId of tag.articles) {
        const names = tagNamesByArticle.get(articleId) ?? {};
        names[locale] ??= [];
        names[locale].push(text.name);
        tagNamesByArticle.set(articleId, names);
      }
    }
    for (const articleId of tag.articles) insert("article_tags", { article_id: articleId, tag_id: id });
  }
  for (const offer of content.offers) {
    const id = offerId++;
    insert("offers", {
      id,
      site,
      code: offer.code,
      discount_percent: offer.discountPercent,
      starts_at: offer.startsAt,
      ends_at: offer.endsAt,
      min_order: offer.minOrder,
    });
    for (const articleId of offer.articles) insert("offer_articles", { offer_id: id, article_id: articleId });
    for (const [locale, text] of Object.entries(offer.texts)) insert("offer_texts", { offer_id: id, locale, ...text });
  }
  content.banners.forEach((banner, index) => {
    const id = bannerId++;
    insert("banners", {
      id,
      site,
      key: banner.key,
      link: banner.link,
      position: index + 1,
      image: BANNER_IMAGES[site === "TZ-ES" ? "tz" : "wpx"]![index % 3]!,
    });
    for (const [locale, text] of Object.entries(banner.texts))
      insert("banner_texts", { banner_id: id, locale, ...text });
  });
  for (const [locale, page] of Object.entries(content.aboutUs)) {
    insert("pages", {
      site,
      key: "about-us",
      locale,
      title: page.title,
      intro: page.intro,
      sections: JSON.stringify(page.sections),
    });
  }
}

for (const article of allArticles) {
  for (const [locale, text] of Object.entries(articleTexts.get(article.id) ?? {})) {
    search.push({
      site: article.site,
      locale,
      kind: "article",
      ref: `article:${article.id}`,
      name: text.name,
      tags: (tagNamesByArticle.get(article.id)?.[locale] ?? []).join(" "),
      description: text.description,
    });
  }
}

// Ready-made designs: each theme on each designable article of each brand, 25 a brand.
const themes = read<Theme[]>("design-themes.json");
const designable: Record<string, number[]> = {};
for (const [site, content] of Object.entries(merch)) {
  designable[site] = content.categories.find((c) => c.listMode === "LIST_DESIGNS")?.articles ?? [];
}
const scopes = ["GROUP_APPLICATIONS", "APPLICATION", "PRIVATE"];
const art: Record<string, string> = {};
let designCount = 0;
for (const [site, locale] of Object.entries(SITES)) {
  const articlesOfSite = designable[site] ?? [];
  themes.forEach((theme, index) => {
    const articleId = articlesOfSite[index % articlesOfSite.length]!;
    const id = `d-${articleId}-${theme.key}`;
    const created = `2026-${String(1 + Math.floor(rand(`c${id}`) * 10)).padStart(2, "0")}-${String(1 + Math.floor(rand(`d${id}`) * 27)).padStart(2, "0")}`;
    const updated = `2026-11-${String(1 + Math.floor(rand(`u${id}`) * 15)).padStart(2, "0")}`;
    // Most ready-made designs are public to the whole shop; a few belong to one application or stay private.
    const scope = rand(`s${id}`) < 0.8 ? scopes[0] : rand(`s${id}`) < 0.92 ? scopes[1] : scopes[2];
    art[theme.key] = designArt(theme.motif, theme.colors);
    insert("designs", {
      id,
      site,
      article_id: articleId,
      theme: theme.key,
      scope,
      popularity: Math.round(rand(`p${id}`) * 1000),
      created_at: created,
      updated_at: updated,
      image: `/images/designs/${theme.key}.svg`,
    });
    for (const lang of [locale, "en"]) {
      const text = theme.texts[lang]!;
      insert("design_texts", { design_id: id, locale: lang, slug: text.slug, name: text.name });
      if (scope !== "PRIVATE")
        search.push({
          site,
          locale: lang,
          kind: "design",
          ref: `design:${id}`,
          name: text.name,
          tags: theme.key.replaceAll("-", " "),
          description: "",
        });
    }
    designCount++;
  });
}
for (const [key, svg] of Object.entries(art)) writeFileSync(`public/images/designs/${key}.svg`, svg);

// Reviews, in each brand's language.
read<Review[]>("reviews.json").forEach((review, index) => {
  insert("reviews", {
    id: index + 1,
    site: review.site,
    article_id: review.article,
    rating: review.rating,
    author: review.author,
    locale: review.locale,
    title: review.title,
    body: review.body,
    created_at: review.createdAt,
    answer: review.answer,
  });
});

// The help centre, shared by every brand of a language.
for (const [index, icon] of HELP_ICONS.entries())
  insert("help_categories", { id: index + 1, position: index + 1, icon });
for (const [id, categoryId] of Object.entries(HELP_TOPIC_CATEGORY))
  insert("help_topics", { id: Number(id), category_id: categoryId, position: Number(id) });
for (const locale of LOCALES) {
  const help = read<Help>(`help-center.${locale}.json`);
  for (const [id, category] of Object.entries(help.categories))
    insert("help_category_texts", { category_id: Number(id), locale, ...category });
  for (const [id, topic] of Object.entries(help.topics)) {
    insert("help_topic_texts", {
      topic_id: Number(id),
      locale,
      slug: topic.slug,
      title: topic.title,
      body: JSON.stringify(topic.body),
    });
    search.push({
      site: "*",
      locale,
      kind: "help",
      ref: `help:${id}`,
      name: topic.title,
      tags: "",
      description: topic.body.join(" "),
    });
  }
}

for (const row of search) insert("search_index", row);

const header =
  "-- Generated by workers/product-api/seed/generate.ts from workers/product-api/seed/content: do not edit.\n";
writeFileSync("migrations/store/0004_catalogue_seed.sql", `${header}${sql.join("\n")}\n`);
console.log(
  `catalogue seed: ${allArticles.length} articles, ${designCount} designs, ${sql.length} statements, ${search.length} search rows`,
);

writePickupPointsSeed();
