import { useShell } from "./use-shell";

/** Five stars filled to the average, with the figures for screen readers. */
export function RatingStars({ average, count, size = 16 }: { average: number; count?: number; size?: number }) {
  const { t } = useShell();
  const label = t("reviews.ratingLabel", { average: average.toFixed(1), count: count ?? 0 });
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = Math.max(0, Math.min(1, average - star + 1));
        return (
          <svg key={star} aria-hidden="true" width={size} height={size} viewBox="0 0 20 20">
            <defs>
              <linearGradient id={`star-${star}-${Math.round(fill * 100)}`}>
                <stop offset={`${fill * 100}%`} stopColor="var(--accent)" />
                <stop offset={`${fill * 100}%`} stopColor="var(--line)" />
              </linearGradient>
            </defs>
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" fill={`url(#star-${star}-${Math.round(fill * 100)})`} />
          </svg>
        );
      })}
      {count !== undefined ? <span className="text-sm text-muted" aria-hidden="true">({count})</span> : null}
    </span>
  );
}
