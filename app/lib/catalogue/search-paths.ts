import type { SearchHit } from "@contract/api/catalogue";

/** Where a search result leads, without the locale prefix. */
export function searchHitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case "article":
    case "category":
      return `/${hit.slug}`;
    case "tag":
      return `/t/${hit.slug}`;
    case "design":
      return `/design/${hit.slug}/${hit.id}`;
    case "help":
      return `/help-center/topic/${hit.slug}_${hit.id}`;
  }
}
