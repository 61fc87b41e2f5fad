import { Link } from "react-router";
import type { Route } from "./+types/create";
import { BrandMark } from "~/components/brand-mark";
import { useShell } from "~/components/use-shell";
import { forceServerRendering, redirectNotProductBrand, setConstructorLayout } from "~/lib/guards/rendering.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/route-params";

export function loader(args: Route.LoaderArgs) {
  const { article_id } = parseParams(args.request, { article_id: routeParams.creatorArticleId }, args.params);
  forceServerRendering(args);
  redirectNotProductBrand(args);
  const { layout } = setConstructorLayout(args);
  return { title: translate(args.context, "routes.create"), articleId: Number(article_id), layout };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Create({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div data-layout={loaderData.layout} className="flex min-h-dvh flex-col bg-page">
      <header className="flex items-center justify-between border-b border-line bg-surface px-4 py-2">
        <BrandMark />
        <Link to={to("/")} className="button-secondary">{t("constructor.back")}</Link>
      </header>
      <main id="main" className="grid grow place-items-center p-6">
        <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      </main>
    </div>
  );
}
