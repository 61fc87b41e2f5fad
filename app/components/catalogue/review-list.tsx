import type { Review } from "@contract/api/catalogue";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat } from "@contract/rules/intl-formats";
import { RatingStars } from "../rating-stars";
import { useShell } from "../use-shell";

export function ReviewList({ reviews, showArticle = false }: { reviews: Review[]; showArticle?: boolean }) {
  const { t, locale } = useShell();
  const date = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" });
  return (
    <ul className="mt-4 space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-card border border-line bg-surface p-4" data-rating={review.rating}>
          <p className="flex flex-wrap items-center gap-2">
            <RatingStars average={review.rating} size={14} />
            <span className="font-bold">{review.title}</span>
          </p>
          <p className="mt-1">{review.body}</p>
          <p className="mt-2 text-sm text-muted">
            {review.author} · <time dateTime={review.createdAt}>{date.format(new Date(review.createdAt))}</time>
            {showArticle && review.articleName ? ` · ${review.articleName}` : ""}
          </p>
          {review.answer ? (
            <div className="mt-3 border-l-4 border-brand pl-3 text-sm">
              <p className="font-semibold">{t("reviews.answer")}</p>
              <p>{review.answer}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
