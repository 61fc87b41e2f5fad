import type { Route } from "./+types/locales.general";
import { isLocale } from "@contract/locales/locales";
import { namespaceResponse } from "~/lib/i18n/serve.server";
import { requestInfoContext } from "~/lib/request/context/keys";

export function loader({ params, context }: Route.LoaderArgs) {
  return namespaceResponse(
    isLocale(params.locale) ? params.locale : null,
    "general",
    context.get(requestInfoContext).env.ASSETS,
  );
}
