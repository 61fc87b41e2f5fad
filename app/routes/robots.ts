import type { Route } from "./+types/robots";
import { robotsTxt } from "~/lib/seo/sitemap.server";

export function loader({ request }: Route.LoaderArgs) {
  return robotsTxt(new URL(request.url).origin);
}
