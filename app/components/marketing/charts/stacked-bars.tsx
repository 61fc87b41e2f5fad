export type Segment = { label: string; value: number; color: string };
export type StackedRow = { label: string; segments: Segment[]; formatShare: (share: number) => string };

const LABEL = 16;
const BAR = 22;
const ROW = LABEL + BAR + 12;
/** A segment narrower than this (percent) shows no text inside: the table has its share. */
const MIN_TEXT = 9;

/** One bar per row splitting 100 % into its parts (consent answers by brand), each part's share written inside it. */
export function StackedBars({ labelledBy, rows }: { labelledBy: string; rows: StackedRow[] }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby (its figure's heading), which Biome does not follow
    <svg
      role="img"
      aria-labelledby={labelledBy}
      width="100%"
      height={Math.max(rows.length * ROW - 12, 1)}
      className="block text-[12px]"
    >
      {rows.map((row, index) => {
        const total = row.segments.reduce((sum, segment) => sum + segment.value, 0);
        let start = 0;
        return (
          <g key={row.label}>
            <text x="0" y={index * ROW + 12} fill="currentColor" className="text-ink text-[13px]">
              {row.label}
            </text>
            {row.segments.map((segment) => {
              const share = total > 0 ? segment.value / total : 0;
              const x = start;
              start += share * 100;
              return (
                <g key={segment.label}>
                  <rect
                    x={`${x}%`}
                    y={index * ROW + LABEL}
                    width={`${share * 100}%`}
                    height={BAR}
                    fill={segment.color}
                  />
                  {share * 100 >= MIN_TEXT ? (
                    <text
                      x={`${x + (share * 100) / 2}%`}
                      y={index * ROW + LABEL + 15}
                      textAnchor="middle"
                      fill="#ffffff"
                    >
                      {row.formatShare(share)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
