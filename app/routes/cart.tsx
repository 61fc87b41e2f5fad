import type { Route } from "./+types/cart";
import { UpcomingPage } from "~/components/page-heading";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";

export function loader(args: Route.LoaderArgs) {
  return { title: translate(args.context, "routes.cart") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
