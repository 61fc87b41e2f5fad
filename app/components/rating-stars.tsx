import { useId } from "react";
import { useShell } from "./use-shell";

/** One star in a 20-unit box starting at x; its outline spans x + 1.5 to x + 18.5. */
const star = (x: number) =>
  `M${x + 10} 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L${x + 10} 14.8l-5.2 2.8 1-5.8L${x + 1.5} 7.7l5.9-.9z`;
const GAP_PX = 4;

/**
 * Five stars filled to the average, with the figures for screen readers: one drawing of the five in the line colour,
 * the same in the accent colour over it, cut where the average ends (each star filled across its own outline). One
 * small SVG rather than one per star with its own gradient: a fifth of the elements on a page of reviews.
 */
export function RatingStars({ average, count, size = 16 }: { average: number; count?: number; size?: number }) {
  const { t } = useShell();
  const clipId = useId();
  const label = t("reviews.ratingLabel", { average: average.toFixed(1), count: count ?? 0 });
  const step = 20 + (GAP_PX * 20) / size;
  const stars = [0, 1, 2, 3, 4].map((index) => star(index * step)).join("");
  const clamped = Math.max(0, Math.min(5, average));
  const full = Math.floor(clamped);
  const cut = full === 5 ? 5 * step : full * step + 1.5 + (clamped - full) * 17;
  const width = 4 * step + 20;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <svg aria-hidden="true" width={(width * size) / 20} height={size} viewBox={`0 0 ${width} 20`}>
        <clipPath id={clipId}>
          <rect width={cut} height="20" />
        </clipPath>
        <path d={stars} fill="var(--line)" />
        <path d={stars} fill="var(--accent)" clipPath={`url(#${clipId})`} />
      </svg>
      {count !== undefined ? (
        <span className="text-sm text-muted" aria-hidden="true">
          ({count})
        </span>
      ) : null}
    </span>
  );
}
