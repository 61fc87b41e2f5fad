import type { Route } from "./+types/sitemap";
import { brandContext } from "~/lib/request/context/keys";
import { sitemapIndex } from "~/lib/seo/sitemap.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return sitemapIndex(new URL(request.url).origin, context.get(brandContext));
}
