import { Form } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/help-center";
import { prerenderedData } from "~/lib/prerender/client";
import { channelsView, ContactChannels } from "~/components/contact/contact-channels";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { brandContext } from "~/lib/request/context/keys";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await catalogueApi(context).helpCategories();
  return {
    title: translate(context, "routes.helpCenter"),
    description: translate(context, "help.description"),
    path: "/help-center",
    categories: categories.items,
    channels: channelsView(context.get(brandContext)),
  };
}

/** In the browser, the page's prerendered data when this build has it (docs/decisions/0039). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  prerenderedData(request, serverLoader);

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div>
      <section className="bg-brand-soft">
        <div className="container-page py-10 text-center">
          <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
          <p className="mt-2 text-muted">{loaderData.description}</p>
          <Form
            method="get"
            action={to("/search")}
            role="search"
            aria-label={t("help.searchPlaceholder")}
            className="mx-auto mt-6 flex max-w-xl gap-2"
          >
            <label htmlFor="help-search" className="sr-only">
              {t("search.label")}
            </label>
            <input
              id="help-search"
              type="search"
              name="query"
              required
              placeholder={t("help.searchPlaceholder")}
              className="min-h-11 grow rounded-button border-2 border-line bg-surface px-3"
            />
            <button type="submit" className="button-primary">
              {t("search.submit")}
            </button>
          </Form>
        </div>
      </section>
      <div className="container-page grid gap-6 py-10 tablet:grid-cols-2 desktop:grid-cols-4">
        {loaderData.categories.map((category) => (
          <section
            key={category.id}
            className="rounded-card border border-line bg-surface p-5"
            aria-labelledby={`help-category-${category.id}`}
          >
            <h2 id={`help-category-${category.id}`} className="text-lg font-bold">
              <Link to={to(`/help-center/category/${category.id}`)} className="text-ink">
                {category.name}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-muted">{category.description}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {category.topics.slice(0, 4).map((topic) => (
                <li key={topic.id}>
                  <Link to={to(`/help-center/topic/${topic.slug}_${topic.id}`)} className="text-brand-strong">
                    {topic.title}
                  </Link>
                </li>
              ))}
            </ul>
            {category.topics.length > 4 ? (
              <Link
                to={to(`/help-center/category/${category.id}`)}
                className="mt-3 inline-block text-sm font-semibold text-brand"
              >
                {t("help.allTopics", { count: category.topics.length })} →
              </Link>
            ) : null}
          </section>
        ))}
      </div>
      <section className="container-page space-y-4 pb-12" aria-labelledby="help-channels">
        <h2 id="help-channels" className="text-2xl font-bold">
          {t("help.stillNeedHelp")}
        </h2>
        <ContactChannels view={loaderData.channels} without="helpCenter" headingLevel={3} />
      </section>
    </div>
  );
}
