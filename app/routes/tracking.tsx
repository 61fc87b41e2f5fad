import type { Route } from "./+types/tracking";
import { UpcomingPage } from "~/components/page-heading";
import { trackingRedirectIfLogged } from "~/lib/guards/visitor-redirects.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";

export function loader(args: Route.LoaderArgs) {
  trackingRedirectIfLogged(args);
  return { title: translate(args.context, "routes.tracking") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
