import type { Route } from "./+types/search";
import { UpcomingPage } from "~/components/page-heading";
import { pageNotFound } from "~/lib/errors";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";

export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const query = new URL(request.url).searchParams.get("query")?.trim() ?? "";
  // The search page exists only for a non-empty query.
  if (!query) throw pageNotFound(request);
  return { title: translate(args.context, "routes.search", { query }) };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
