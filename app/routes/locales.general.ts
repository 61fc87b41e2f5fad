import type { Route } from "./+types/locales.general";
import { isLocale } from "@contract/locales/locales";
import { namespaceResponse } from "~/lib/i18n/serve.server";

export function loader({ params }: Route.LoaderArgs) {
  return namespaceResponse(isLocale(params.locale) ? params.locale : null, "general");
}
