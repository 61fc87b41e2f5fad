import type { Route } from "./+types/user-required-action";
import { UpcomingPage } from "~/components/page-heading";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { parseParams, routeParams } from "~/lib/route-params";

export function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const { public_id } = parseParams(request, { public_id: routeParams.publicId, user_required_action_public_id: routeParams.publicId }, params);
  return { title: translate(args.context, "routes.userRequiredAction", { publicId: public_id }) };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
