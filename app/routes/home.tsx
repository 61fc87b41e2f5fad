import { Suspense } from "react";
import { Await } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/home";
import { ArticleGrid } from "~/components/article-card";
import { OfferCard } from "~/components/offer-card";
import { RatingStars } from "~/components/rating-stars";
import { useShell } from "~/components/use-shell";
import { brandContext } from "~/lib/request/context/keys";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { readyOrDeferred } from "~/lib/speed/ready-or-deferred.server";
import { translate } from "~/lib/i18n/translate.server";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import {
  articleCardView,
  categoryTileView,
  helpTopicLinkView,
  offerCardView,
  ratingView,
  reviewLineView,
} from "~/lib/catalogue/card-views";
import { pageMeta } from "~/lib/seo/meta";
import type { ArticleCard } from "@contract/api/catalogue";

/** Up to `count` articles: the tagged collection first, then the best of the fallback order. */
function pick(tagged: ArticleCard[], fallback: ArticleCard[], count: number) {
  const seen = new Set<number>();
  return [...tagged, ...fallback].filter((article) => !seen.has(article.id) && seen.add(article.id)).slice(0, count);
}

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = catalogueApi(context);
  const brand = context.get(brandContext);
  // What the first paint needs, in parallel; reviews and help topics stream in after it unless they are at hand.
  const later = readyOrDeferred({
    reviews: Promise.all([catalogue.reviewSummary(), catalogue.reviews({ rating: 5, limit: 3 })]).then(
      ([summary, latest]) => ({ summary: ratingView(summary), latest: latest.items.map(reviewLineView) }),
    ),
    helpTopics: catalogue
      .helpTopics(brand.helpCenterTopics.beforePurchase)
      .then((topics) => ({ items: topics.items.map(helpTopicLinkView) })),
  });
  const [banners, categories, topSales, popular, novelties, newest, offers, { reviews, helpTopics }] =
    await Promise.all([
      catalogue.banners(),
      catalogue.categories(),
      catalogue.articles({ collection: "TOP_SALES", limit: 4 }),
      catalogue.articles({ sort: "popularity", limit: 4 }),
      catalogue.articles({ collection: "NOVELTY", limit: 4 }),
      catalogue.articles({ sort: "newest", limit: 4 }),
      catalogue.offers(),
      later,
    ]);
  return {
    title: translate(context, "home.title"),
    description: translate(context, "home.description"),
    path: "/",
    banners: banners.items,
    categories: categories.items.filter((category) => category.listMode !== "LANDING").map(categoryTileView),
    topSales: pick(topSales.items, popular.items, 4).map(articleCardView),
    novelties: pick(novelties.items, newest.items, 4).map(articleCardView),
    offers: offers.items.slice(0, 3).map(offerCardView),
    reviews,
    helpTopics,
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { root, t, to } = useShell();
  const tz = root?.brand.theme === "tz";
  const linkOf = (link: string) => {
    const [kind, key] = link.split(":");
    const category = loaderData.categories.find((item) => item.key === key);
    if (kind === "category" && category) return to(`/${category.slug}`);
    if (kind === "tag") return to("/tags-list");
    return to("/offers");
  };
  return (
    <>
      <section className={tz ? "bg-brand-soft" : "bg-brand text-on-brand"}>
        <div className={`container-page py-12 tablet:py-16 ${tz ? "text-center" : ""}`}>
          <p className={`text-sm font-bold uppercase tracking-widest ${tz ? "text-brand" : "text-accent-on-brand"}`}>
            {t(tz ? "brand.taglineTz" : "brand.tagline")}
          </p>
          <h1
            className={`mt-3 max-w-3xl text-4xl font-bold leading-tight tablet:text-5xl ${tz ? "mx-auto italic" : ""}`}
          >
            {t(tz ? "home.heroTitleTz" : "home.heroTitle")}
          </h1>
          <p className={`mt-4 max-w-2xl text-lg ${tz ? "mx-auto text-muted" : "opacity-90"}`}>
            {t(tz ? "home.heroTextTz" : "home.heroText")}
          </p>
          <p className="mt-8">
            <Link to={to("/offers")} className={tz ? "button-primary" : "button bg-accent text-ink hover:bg-surface"}>
              {t("home.heroCta")}
            </Link>
          </p>
        </div>
      </section>

      {loaderData.banners.length > 0 ? (
        <section aria-label={t("home.highlights")} className="container-page grid gap-4 py-8 tablet:grid-cols-3">
          {loaderData.banners.map((banner) => (
            <Link
              key={banner.key}
              to={linkOf(banner.link)}
              className="group flex items-center gap-4 rounded-card border border-line bg-surface p-4 text-ink no-underline hover:shadow-md"
            >
              <img
                src={banner.image}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="h-24 w-24 shrink-0 rounded-card bg-brand-soft"
              />
              <span>
                <span className="block font-bold group-hover:text-brand">{banner.title}</span>
                <span className="block text-sm text-muted">{banner.subtitle}</span>
                <span className="mt-1 block text-sm font-semibold text-brand">{banner.cta} →</span>
              </span>
            </Link>
          ))}
        </section>
      ) : null}

      <section className="container-page py-8" aria-labelledby="categories-title">
        <h2 id="categories-title" className={`text-2xl font-bold tablet:text-3xl ${tz ? "text-center italic" : ""}`}>
          {t("home.categories")}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-5">
          {loaderData.categories.map((category) => (
            <li key={category.id}>
              <Link
                to={to(`/${category.slug}`)}
                className="flex h-full flex-col items-center gap-2 rounded-card border border-line bg-surface p-4 text-center text-ink no-underline hover:border-brand"
              >
                {category.image ? (
                  <img src={category.image} alt="" width={120} height={120} loading="lazy" className="h-28 w-28" />
                ) : null}
                <span className="font-semibold">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {[
        ["top-sales", t("home.topSales"), loaderData.topSales] as const,
        ["novelties", t("home.novelties"), loaderData.novelties] as const,
      ].map(([id, title, articles], index) =>
        articles.length ? (
          <section key={id} className="container-page py-8" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`} className={`text-2xl font-bold tablet:text-3xl ${tz ? "text-center italic" : ""}`}>
              {title}
            </h2>
            <div className="mt-6">
              <ArticleGrid articles={articles} eagerCount={index === 0 ? 2 : 0} />
            </div>
          </section>
        ) : null,
      )}

      {loaderData.offers.length > 0 ? (
        <section className="container-page py-8" aria-labelledby="offers-title">
          <h2 id="offers-title" className="text-2xl font-bold tablet:text-3xl">
            {t("home.offers")}
          </h2>
          <ul className="mt-6 grid gap-4 tablet:grid-cols-3">
            {loaderData.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container-page grid gap-6 py-8 desktop:grid-cols-2">
        <Suspense fallback={<div className="h-48 animate-pulse rounded-card bg-brand-soft" />}>
          <Await resolve={loaderData.reviews}>
            {({ summary, latest }) => (
              <section className="rounded-card border border-line bg-surface p-6" aria-labelledby="reviews-title">
                <h2 id="reviews-title" className="text-2xl font-bold">
                  {t("home.reviews")}
                </h2>
                <p className="mt-2 flex items-center gap-2">
                  <RatingStars average={summary.average} />
                  <span data-testid="reviews-summary">
                    {t("home.reviewsSummary", { average: summary.average.toFixed(1), count: summary.count })}
                  </span>
                </p>
                <ul className="mt-4 space-y-3">
                  {latest.map((review) => (
                    <li key={review.id}>
                      <p className="font-semibold">“{review.title}”</p>
                      <p className="text-sm text-muted">
                        {review.author} · {review.articleName}
                      </p>
                    </li>
                  ))}
                </ul>
                <Link to={to("/reviews")} className="mt-4 inline-block font-semibold text-brand">
                  {t("home.allReviews")} →
                </Link>
              </section>
            )}
          </Await>
        </Suspense>
        <Suspense fallback={<div className="h-48 animate-pulse rounded-card bg-brand-soft" />}>
          <Await resolve={loaderData.helpTopics}>
            {(topics) => (
              <div className="rounded-card bg-brand-soft p-6">
                <h2 className="text-2xl font-bold">{t("home.help")}</h2>
                <ul className="mt-4 space-y-2">
                  {topics.items.map((topic) => (
                    <li key={topic.id}>
                      <Link to={to(`/help-center/topic/${topic.slug}_${topic.id}`)} className="text-brand-strong">
                        {topic.title}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to={to("/help-center")} className="button-primary mt-6">
                  {t("home.helpCta")}
                </Link>
              </div>
            )}
          </Await>
        </Suspense>
      </section>
    </>
  );
}
