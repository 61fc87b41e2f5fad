import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductCard } from "~/components/product-card";
import { useShell } from "~/components/use-shell";
import { apiContext, brandContext, localeContext } from "~/lib/context";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { articleListSchema } from "~/lib/product-api/contract";

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const featured = await api.get(
    "/articles",
    { site: context.get(brandContext).slug, locale: context.get(localeContext), limit: 8 },
    articleListSchema,
    "short",
  );
  return {
    title: translate(context, "home.title"),
    description: translate(context, "home.description"),
    articles: featured.items,
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  { name: "description", content: args.loaderData?.description ?? "" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { root, t, to } = useShell();
  const tz = root?.brand.theme === "tz";
  return (
    <>
      <section className={tz ? "bg-brand-soft" : "bg-brand text-on-brand"}>
        <div className={`container-page py-12 tablet:py-16 ${tz ? "text-center" : ""}`}>
          <p className={`text-sm font-bold uppercase tracking-widest ${tz ? "text-brand" : "text-accent-on-brand"}`}>{t(tz ? "brand.taglineTz" : "brand.tagline")}</p>
          <h1 className={`mt-3 max-w-3xl text-4xl font-bold leading-tight tablet:text-5xl ${tz ? "mx-auto italic" : ""}`}>{t(tz ? "home.heroTitleTz" : "home.heroTitle")}</h1>
          <p className={`mt-4 max-w-2xl text-lg ${tz ? "mx-auto text-muted" : "opacity-90"}`}>{t(tz ? "home.heroTextTz" : "home.heroText")}</p>
          <p className="mt-8">
            <Link to={to("/offers")} className={tz ? "button-primary" : "button bg-accent text-ink hover:bg-surface"}>
              {t("home.heroCta")}
            </Link>
          </p>
        </div>
      </section>
      <section className="container-page py-12" aria-labelledby="featured-title">
        <h2 id="featured-title" className={`text-2xl font-bold tablet:text-3xl ${tz ? "text-center italic" : ""}`}>{t("home.featured")}</h2>
        {loaderData.articles.length === 0 ? (
          <p className="mt-6 text-muted">{t("home.empty")}</p>
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-4 mobile-wide:grid-cols-2 desktop:grid-cols-3 desktop-medium:grid-cols-4">
            {loaderData.articles.map((article) => (
              <li key={article.id}>
                <ProductCard article={article} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
