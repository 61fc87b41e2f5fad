import type { Route } from "./+types/commissions";
import { UpcomingPage } from "~/components/page-heading";
import { requireMasterAccount } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export function loader(args: Route.LoaderArgs) {
  requireMasterAccount(args);
  return { title: translate(args.context, "routes.accountsCommissions") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
