import type { Route } from "./+types/home";
import { UpcomingPage } from "~/components/page-heading";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context, "routes.accountsHome") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
