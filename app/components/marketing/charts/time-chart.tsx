import { niceAxis } from "./palette";

export type TimeSeries = { label: string; color: string; values: (number | null)[]; area?: boolean; dashed?: boolean };

const HEIGHT = 220;
const TOP = 16;
const BOTTOM = HEIGHT - 26;
const MAX_DAY_LABELS = 6;

/** Where the i-th of n days sits across the plot, in percent (a little room at both ends). */
const xAt = (index: number, count: number) => (count <= 1 ? 50 : 1 + (index * 98) / (count - 1));

/** The stretches of a series between missing values, as an SVG path in the plot's (percent, pixel) units. */
function pathOf(values: (number | null)[], yAt: (value: number) => number, area: boolean): string {
  const parts: string[] = [];
  let run: string[] = [];
  let first = 0;
  const close = (last: number) => {
    if (!run.length) return;
    parts.push(
      `M${run.join("L")}${area ? `L${xAt(last, values.length)},${BOTTOM}L${xAt(first, values.length)},${BOTTOM}Z` : ""}`,
    );
    run = [];
  };
  values.forEach((value, index) => {
    if (value === null) {
      close(index - 1);
      return;
    }
    if (!run.length) first = index;
    run.push(`${xAt(index, values.length).toFixed(3)},${yAt(value).toFixed(1)}`);
  });
  close(values.length - 1);
  return parts.join("");
}

/**
 * Values over days as lines (or areas), drawn as one SVG that stretches to its box's width while its text keeps its
 * size: the lines live in a nested drawing scaled to the width, the labels sit at percent positions.
 */
export function TimeChart({
  labelledBy,
  days,
  series,
  formatValue,
  formatDay,
}: {
  labelledBy: string;
  days: string[];
  series: TimeSeries[];
  formatValue: (value: number) => string;
  formatDay: (day: string) => string;
}) {
  const { max, ticks } = niceAxis(
    Math.max(0, ...series.flatMap((line) => line.values.filter((value): value is number => value !== null))),
  );
  const yAt = (value: number) => BOTTOM - (value / max) * (BOTTOM - TOP);
  const step = Math.max(1, Math.ceil(days.length / MAX_DAY_LABELS));
  const labelled = days.map((day, index) => ({ day, index })).filter(({ index }) => index % step === 0);
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby (its figure's heading), which Biome does not follow
    <svg
      role="img"
      aria-labelledby={labelledBy}
      width="100%"
      height={HEIGHT}
      className="block overflow-visible text-[12px]"
    >
      {ticks.map((value) => {
        const y = yAt(value);
        return (
          <g key={value}>
            <line x1="0" x2="100%" y1={y} y2={y} stroke="currentColor" className="text-line" strokeWidth="1" />
            <text x="0" y={y - 4} fill="currentColor" className="text-muted">
              {formatValue(value)}
            </text>
          </g>
        );
      })}
      <svg
        x="0"
        y="0"
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {series.map((line) => (
          <g key={line.label}>
            {line.area ? (
              <path d={pathOf(line.values, yAt, true)} fill={line.color} fillOpacity="0.12" stroke="none" />
            ) : null}
            <path
              d={pathOf(line.values, yAt, false)}
              fill="none"
              stroke={line.color}
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeDasharray={line.dashed ? "6 4" : undefined}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        ))}
      </svg>
      {/* A phone shows every other day label: they would run into each other. */}
      {labelled.map(({ day, index }, position) => (
        <text
          key={day}
          x={`${xAt(index, days.length)}%`}
          y={HEIGHT - 6}
          fill="currentColor"
          className={`text-muted ${position % 2 ? "max-tablet:hidden" : ""}`}
          textAnchor={
            days.length === 1 ? "middle" : index === 0 ? "start" : index + step >= days.length ? "end" : "middle"
          }
        >
          {formatDay(day)}
        </text>
      ))}
    </svg>
  );
}
