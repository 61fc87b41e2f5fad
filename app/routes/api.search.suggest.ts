import type { Route } from "./+types/api.search.suggest";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { searchHitPath } from "~/lib/catalogue/search-paths";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import { localizePath } from "@contract/locales/paths";
import { pageUrl } from "~/lib/request/routing/page-url";
import { helpQueryOf } from "~/lib/tickets/help-query";

/**
 * Suggestions as the shopper types: for the header search the best eight, with where each leads; with `kind=help`, the
 * help topics that best match any of the words someone writes to support (the contact and ticket forms).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const helpOnly = url.searchParams.get("kind") === "help";
  const typed = url.searchParams.get("query")?.trim() ?? "";
  const query = helpOnly ? helpQueryOf(typed.slice(0, 2000)) : typed.slice(0, 100);
  const headers = {
    "Cache-Control": context.get(sessionContext).exists ? "private, no-store" : "public, max-age=60",
    Vary: "Cookie",
  };
  if (query.length < 2) return Response.json({ items: [] }, { headers });
  const results = await catalogueApi(context).search(
    query,
    helpOnly ? 4 : 8,
    helpOnly ? { kind: "help", match: "any" } : {},
  );
  const locale = context.get(localeContext);
  const brand = context.get(brandContext);
  return Response.json(
    {
      items: results.items.map((hit) => ({
        kind: hit.kind,
        name: hit.name,
        image: hit.image,
        href: localizePath(searchHitPath(hit), locale, brand),
      })),
    },
    { headers },
  );
}
