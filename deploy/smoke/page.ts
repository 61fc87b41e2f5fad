// Reading a page as a visitor (or a search engine) does, without a DOM: its links, the structured data that says what
// the page is, and the add-to-cart form with the fields a browser would submit.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X")) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** An element's attributes by lower-case name; a bare attribute (`checked`) is "". */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const inner = tag.replace(/^<[a-z0-9]+/i, "").replace(/\/?>$/, "");
  for (const [, name = "", double, single, bare] of inner.matchAll(
    /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    attributes.set(name.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ""));
  }
  return attributes;
}

/** Where categories and products live: `/{slug}`, or `/{lang}/{slug}` on an extra locale. */
export const isCataloguePath = (path: string) => /^(\/[a-z]{2})?\/[^/]+$/.test(path);

/** The paths of the page's links to catalogue pages of its own origin, in document order. */
export function catalogueLinks(html: string, origin: string): string[] {
  const paths: string[] = [];
  for (const [tag] of html.matchAll(/<a\b[^>]*>/gi)) {
    const href = attributesOf(tag).get("href");
    if (!href) continue;
    const url = new URL(href, origin);
    if (url.origin !== origin || !isCataloguePath(url.pathname)) continue;
    if (!paths.includes(url.pathname)) paths.push(url.pathname);
  }
  return paths;
}

/** The HTML of the home page's category tiles: the <section> its "categories" heading labels. */
export function categoriesSection(html: string): string {
  const start = html.search(/<section\b[^>]*aria-labelledby="categories-title"/i);
  if (start < 0) return "";
  const end = html.indexOf("</section>", start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** The HTML of the page's product cards (each an <article> with its link), one after another. */
export function productCards(html: string): string {
  return [...html.matchAll(/<article\b[\s\S]*?<\/article>/gi)].map(([card]) => card).join("\n");
}

type StructuredItem = { "@type"?: unknown; name?: unknown; "@graph"?: unknown };

/** Every item of the page's JSON-LD (an unreadable block is skipped: the checks then miss what it would have said). */
function structuredData(html: string): StructuredItem[] {
  const items: StructuredItem[] = [];
  for (const [, json = ""] of html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      const parsed = JSON.parse(json) as unknown;
      const list = (Array.isArray(parsed) ? parsed : [parsed]) as StructuredItem[];
      items.push(
        ...list.flatMap((item) => (Array.isArray(item["@graph"]) ? (item["@graph"] as StructuredItem[]) : [item])),
      );
    } catch {}
  }
  return items;
}

/**
 * What a catalogue page is, as search engines read it: a product (Product data), a category (a trail of breadcrumbs
 * without a Product), or something else (the shop's own pages carry no breadcrumbs).
 */
export function pageKind(html: string): { kind: "product" | "category" | "other"; name: string } {
  const items = structuredData(html);
  const product = items.find((item) => item["@type"] === "Product");
  if (product) return { kind: "product", name: typeof product.name === "string" ? product.name : "" };
  if (items.some((item) => item["@type"] === "BreadcrumbList")) return { kind: "category", name: headingOf(html) };
  return { kind: "other", name: "" };
}

export function headingOf(html: string): string {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return match
    ? decodeEntities((match[1] ?? "").replace(/<[^>]*>/g, ""))
        .replace(/\s+/g, " ")
        .trim()
    : "";
}

export type Form = { action: string; fields: [string, string][] };

/**
 * The page's form that posts to the cart, with the fields a browser sends when its button is pressed and nothing is
 * changed: hidden fields (a CSRF token among them, if the page has one), text and number inputs with their values,
 * the checked radios and checkboxes, each select's chosen option, textareas, and the first submit button's own name.
 */
export function cartForm(html: string): Form | null {
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/gi)) {
    const tag = attributesOf(/^<form\b[^>]*>/i.exec(form)?.[0] ?? "");
    if (tag.get("method")?.toLowerCase() !== "post" || !/\/cart$/.test(tag.get("action") ?? "")) continue;
    const fields: [string, string][] = [];
    const submitter = [...form.matchAll(/<button\b[^>]*>|<input\b[^>]*type="?submit[^>]*>/gi)]
      .map(([button]) => attributesOf(button))
      .find((button) => (button.get("type") ?? "submit").toLowerCase() === "submit");
    if (submitter?.get("name")) fields.push([submitter.get("name")!, submitter.get("value") ?? ""]);
    for (const [element, selectBody, textareaBody] of form.matchAll(
      /<input\b[^>]*>|<select\b[^>]*>([\s\S]*?)<\/select>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>/gi,
    )) {
      const attributes = attributesOf(/^<[^>]*>/.exec(element)?.[0] ?? "");
      const name = attributes.get("name");
      if (!name || attributes.has("disabled")) continue;
      if (selectBody !== undefined) {
        const options = [...selectBody.matchAll(/<option\b[^>]*>/gi)].map(([option]) => attributesOf(option));
        const chosen = options.find((option) => option.has("selected")) ?? options[0];
        if (chosen) fields.push([name, chosen.get("value") ?? ""]);
      } else if (textareaBody !== undefined) {
        fields.push([name, decodeEntities(textareaBody)]);
      } else {
        const type = (attributes.get("type") ?? "text").toLowerCase();
        if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
        if ((type === "radio" || type === "checkbox") && !attributes.has("checked")) continue;
        fields.push([name, attributes.get("value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
      }
    }
    return { action: tag.get("action")!, fields };
  }
  return null;
}

/** How many elements carry this test id (the cart's lines, the search's hits). */
export function countOf(html: string, testId: string) {
  return html.split(`data-testid="${testId}"`).length - 1;
}
