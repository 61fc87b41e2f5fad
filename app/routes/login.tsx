import type { Route } from "./+types/login";
import { UpcomingPage } from "~/components/page-heading";
import { loginRedirectionByCart } from "~/lib/guards/cart.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export async function loader(args: Route.LoaderArgs) {
  await loginRedirectionByCart(args);
  return { title: translate(args.context, "routes.login") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
