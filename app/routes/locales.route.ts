import type { Route } from "./+types/locales.route";
import { localeFromLink, routeTranslationResponse } from "~/lib/i18n/serve.server";
import { requestInfoContext } from "~/lib/request/context/keys";

export function loader({ params, context }: Route.LoaderArgs) {
  return routeTranslationResponse(
    localeFromLink(params.localeOrLink),
    params.route,
    context.get(requestInfoContext).env.ASSETS,
  );
}
