import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/reviews";
import { ReviewList } from "~/components/catalogue/review-list";
import { Pagination } from "~/components/pagination";
import { RatingStars } from "~/components/rating-stars";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";

const PAGE_SIZE = 10;
const query = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rating, page } = query.parse(Object.fromEntries(pageUrl(request).searchParams));
  const catalogue = catalogueApi(context);
  const [summary, reviews] = await Promise.all([
    catalogue.reviewSummary(),
    catalogue.reviews({ rating, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  return {
    title: translate(context, "routes.reviews"),
    description: translate(context, "reviews.description", {
      average: summary.average.toFixed(1),
      count: summary.count,
    }),
    path: "/reviews",
    noindex: rating !== undefined || undefined,
    summary,
    reviews: reviews.items,
    rating: rating ?? null,
    page,
    pageCount: Math.max(1, Math.ceil(reviews.total / PAGE_SIZE)),
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  const location = useLocation();
  const { summary } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <div className="mt-6 grid gap-8 desktop:grid-cols-[18rem_1fr]">
        <aside className="rounded-card border border-line bg-surface p-5" aria-label={t("reviews.summary")}>
          <p className="text-5xl font-bold" data-testid="average">
            {summary.average.toFixed(1)}
          </p>
          <RatingStars average={summary.average} />
          <p className="mt-1 text-sm text-muted">{t("reviews.count", { count: summary.count })}</p>
          <nav aria-label={t("reviews.filter")} className="mt-4">
            <ul className="space-y-1">
              <li>
                <Link
                  to={location.pathname}
                  aria-current={loaderData.rating === null ? "true" : undefined}
                  className="block rounded-button px-2 py-1 aria-[current]:bg-brand-soft aria-[current]:font-bold"
                >
                  {t("reviews.all")}
                </Link>
              </li>
              {[5, 4, 3, 2, 1].map((stars) => (
                <li key={stars}>
                  <Link
                    to={`${location.pathname}?rating=${stars}`}
                    aria-current={loaderData.rating === stars ? "true" : undefined}
                    className="flex items-center justify-between gap-2 rounded-button px-2 py-1 aria-[current]:bg-brand-soft aria-[current]:font-bold"
                  >
                    <span>{t("reviews.stars", { count: stars })}</span>
                    <span className="text-muted">{summary.distribution[stars as 1 | 2 | 3 | 4 | 5]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <section aria-label={t("reviews.list")}>
          {loaderData.reviews.length ? (
            <ReviewList reviews={loaderData.reviews} showArticle />
          ) : (
            <p className="rounded-card bg-brand-soft p-6">{t("reviews.none")}</p>
          )}
          <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
        </section>
      </div>
    </div>
  );
}
