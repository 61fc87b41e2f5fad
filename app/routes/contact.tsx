import type { Route } from "./+types/contact";
import { UpcomingPage } from "~/components/page-heading";
import { redirectContactIfLogged } from "~/lib/guards/visitor-redirects.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export function loader(args: Route.LoaderArgs) {
  redirectContactIfLogged(args);
  return { title: translate(args.context, "routes.contact") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
