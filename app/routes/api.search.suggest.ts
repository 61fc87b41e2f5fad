import type { Route } from "./+types/api.search.suggest";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { searchHitPath } from "~/lib/catalogue/search-paths";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context";
import { localizePath } from "@contract/locales/paths";
import { pageUrl } from "~/lib/request/page-url";

/** Suggestions for the header search as the shopper types: the best eight, with where each leads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = pageUrl(request).searchParams.get("query")?.trim().slice(0, 100) ?? "";
  const headers = { "Cache-Control": context.get(sessionContext).exists ? "private, no-store" : "public, max-age=60", Vary: "Cookie" };
  if (query.length < 2) return Response.json({ items: [] }, { headers });
  const results = await catalogueApi(context).search(query, 8);
  const locale = context.get(localeContext);
  const brand = context.get(brandContext);
  return Response.json(
    { items: results.items.map((hit) => ({ kind: hit.kind, name: hit.name, image: hit.image, href: localizePath(searchHitPath(hit), locale, brand) })) },
    { headers },
  );
}
