import { Link } from "~/components/link";
import type { Route } from "./+types/help-category";
import { prerenderedData } from "~/lib/prerender/client";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id } = parseParams(request, { id: routeParams.helpCategoryId }, params);
  const categories = await catalogueApi(context).helpCategories();
  const category = categories.items.find((item) => item.id === Number(id));
  if (!category) throw pageNotFound(request);
  return {
    title: category.name,
    description: category.description,
    path: `/help-center/category/${category.id}`,
    category,
  };
}

/** In the browser, the page's prerendered data when this build has it (docs/decisions/0039). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  prerenderedData(request, serverLoader);

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function HelpCategory({ loaderData: { category } }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div className="container-page max-w-3xl py-8">
      <Breadcrumbs items={[{ name: t("routes.helpCenter"), path: "/help-center" }, { name: category.name }]} />
      <h1 className="mt-3 text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-muted">{category.description}</p>
      <ul className="mt-6 divide-y divide-line rounded-card border border-line bg-surface">
        {category.topics.map((topic) => (
          <li key={topic.id}>
            <Link
              to={to(`/help-center/topic/${topic.slug}_${topic.id}`)}
              className="block p-4 text-ink hover:bg-brand-soft"
            >
              {topic.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
