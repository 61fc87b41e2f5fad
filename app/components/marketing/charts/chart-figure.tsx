import { useShell } from "~/components/use-shell";

export type LegendItem = { label: string; color: string; dashed?: boolean };

/**
 * A chart as a figure: its caption names it, the drawing is one image described by that caption, and a link leads to
 * the table with its numbers (for screen readers, and for anyone who wants the exact figures).
 */
export function ChartFigure({
  id,
  title,
  tableId,
  legend,
  children,
}: {
  id: string;
  title: string;
  tableId: string;
  legend?: LegendItem[];
  children: React.ReactNode;
}) {
  const { t } = useShell();
  return (
    <figure
      className="min-w-0 rounded-card border border-line bg-surface p-4"
      data-testid={`chart-${id}`}
      aria-labelledby={`${id}-caption`}
    >
      <figcaption id={`${id}-caption`} className="font-semibold">
        {title}
      </figcaption>
      {legend?.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden="true">
          {legend.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <svg width="18" height="10" aria-hidden="true">
                <line
                  x1="1"
                  x2="17"
                  y1="5"
                  y2="5"
                  stroke={item.color}
                  strokeWidth="4"
                  strokeDasharray={item.dashed ? "4 3" : undefined}
                />
              </svg>
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">{children}</div>
      <p className="mt-2 text-sm">
        <a href={`#table-${tableId}`} className="text-muted underline">
          {t("marketing.chartNumbers")}
        </a>
      </p>
    </figure>
  );
}
