import type { Route } from "./+types/locales.route";
import { localeFromLink, routeTranslationResponse } from "~/lib/i18n/serve.server";

export function loader({ params }: Route.LoaderArgs) {
  return routeTranslationResponse(localeFromLink(params.localeOrLink), params.route);
}
