import type { Route } from "./+types/orders";
import { UpcomingPage } from "~/components/page-heading";
import { allowAccountsOrders } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export function loader(args: Route.LoaderArgs) {
  allowAccountsOrders(args);
  return { title: translate(args.context, "routes.accountsOrders") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
