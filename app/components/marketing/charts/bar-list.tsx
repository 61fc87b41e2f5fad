import { niceMax } from "./palette";

export type Bar = { label: string; value: number; text: string };
export type BarGroup = { label: string; bars: (Bar & { color: string })[] };

const LABEL = 16;
const BAR = 14;
const GAP = 4;
const ROW_GAP = 12;
/** The bars' longest reach, in percent of the width: the rest keeps room for the value beside the longest. */
const REACH = 72;

/**
 * Horizontal bars in groups (a group's label above its bars): one bar per group for a ranking, two for a comparison
 * (first touch beside last touch). Widths are percents, so the chart fits any width and its text keeps its size.
 */
export function BarChart({ labelledBy, groups, max }: { labelledBy: string; groups: BarGroup[]; max?: number }) {
  const top = max ?? niceMax(Math.max(0, ...groups.flatMap((group) => group.bars.map((bar) => bar.value))));
  let y = 0;
  const placed = groups.map((group) => {
    const at = y;
    y += LABEL + group.bars.length * (BAR + GAP) + ROW_GAP;
    return { group, at };
  });
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby (its figure's heading), which Biome does not follow
    <svg
      role="img"
      aria-labelledby={labelledBy}
      width="100%"
      height={Math.max(y - ROW_GAP, 1)}
      className="block text-[13px]"
    >
      {placed.map(({ group, at }) => (
        <g key={group.label}>
          <text x="0" y={at + 12} fill="currentColor" className="text-ink">
            {group.label}
          </text>
          {group.bars.map((bar, index) => {
            const width = top > 0 ? (bar.value / top) * REACH : 0;
            const barY = at + LABEL + index * (BAR + GAP);
            return (
              <g key={bar.label}>
                <rect x="0" y={barY} width={`${width}%`} height={BAR} rx="2" fill={bar.color} />
                <text x={`${width}%`} dx="6" y={barY + BAR - 3} fill="currentColor" className="text-muted">
                  {bar.text}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
