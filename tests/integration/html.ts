/** Small readers for the server-rendered HTML the tests look at. */
export function htmlLang(html: string) {
  return /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function title(html: string) {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
}

export function errorMessage(html: string) {
  return decode(/data-testid="error-message">([^<]*)</.exec(html)?.[1] ?? null);
}

/** The first heading's text, without React's text-node separators (<!-- -->) or inner tags. */
export function h1(html: string) {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return decode(inner?.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "") ?? null);
}

export function prices(html: string) {
  return [...html.matchAll(/data-testid="price">([^<]*)</g)].map((match) =>
    decode(match[1]!)!.replace(/\u00a0|\u202f/g, " "),
  );
}

/**
 * The HTML as markup still, but without React's text separators, entities or narrow spaces: text and attributes as
 * written.
 */
export function readableHtml(html: string) {
  return decode(html.replace(/<!-- -->/g, "").replace(/\u00a0|\u202f/g, " "))!;
}

/** The page's text without scripts, tags, React's separators or entities: what a reader sees. */
export function pageText(html: string) {
  return decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  )!.replace(/\s+/g, " ");
}

function decode(text: string | null) {
  return (
    text
      ?.replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">") ?? null
  );
}

/** A text to find as it is inside a regular expression. */
export function literally(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
