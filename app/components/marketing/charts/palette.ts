/**
 * The charts' colours: the same in every brand's look (the dashboard compares brands), each at least 4.5:1 against
 * the light pages of both themes, so white text on them and the bars beside the page's background both read.
 */
export const SERIES_COLORS = ["#2563eb", "#c2410c", "#0f766e", "#7c3aed", "#be185d", "#a16207", "#475569"] as const;

export const colorAt = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** A round step: 1, 2, 2.5 or 5 times a power of ten, at least `value`. */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value)! * power;
}

/**
 * An axis for values up to `value`: about four round steps (0, 500, 1000, 1500, 2000), the top at or above the value.
 */
export function niceAxis(value: number, steps = 4): { max: number; ticks: number[] } {
  if (!(value > 0)) return { max: 1, ticks: [0, 1] };
  const step = niceStep(value / steps);
  const count = Math.ceil(value / step - 1e-9);
  return { max: step * count, ticks: Array.from({ length: count + 1 }, (_, index) => step * index) };
}

/** A round upper bound for bars: the top of the axis niceAxis would draw. */
export const niceMax = (value: number) => niceAxis(value).max;
