import { Link } from "~/components/link";
import type { Route } from "./+types/tags-list";
import { prerenderedData } from "~/lib/prerender/client";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const tags = await catalogueApi(context).tags();
  return {
    title: translate(context, "routes.tagsList"),
    description: translate(context, "tags.description"),
    path: "/tags-list",
    tags: tags.items,
  };
}

/** In the browser, the page's prerendered data when this build has it (docs/decisions/0039). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  prerenderedData(request, serverLoader);

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function TagsList({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{loaderData.description}</p>
      <ul className="mt-6 grid gap-4 tablet:grid-cols-2 desktop:grid-cols-4">
        {loaderData.tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={to(`/t/${tag.slug}`)}
              className="flex h-full flex-col gap-1 rounded-card border border-line bg-surface p-4 text-ink no-underline hover:border-brand"
            >
              <span className="text-lg font-bold">#{tag.name}</span>
              <span className="text-sm text-muted">{tag.description}</span>
              <span className="mt-auto text-sm font-semibold text-brand">
                {t("tags.products", { count: tag.articleCount })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
