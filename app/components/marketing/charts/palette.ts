/**
 * The charts' colours: the same in every brand's look (the dashboard compares brands), each at least 4.5:1 against
 * the light pages of both themes, so white text on them and the bars beside the page's background both read.
 */
export const SERIES_COLORS = ["#2563eb", "#c2410c", "#0f766e", "#7c3aed", "#be185d", "#a16207", "#475569"] as const;

export const colorAt = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** A round upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}
