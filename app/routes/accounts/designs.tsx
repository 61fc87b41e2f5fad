import type { Route } from "./+types/designs";
import { UpcomingPage } from "~/components/page-heading";
import { requireCustomer } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";

export function loader(args: Route.LoaderArgs) {
  requireCustomer(args);
  return { title: translate(args.context, "routes.accountsDesigns") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
