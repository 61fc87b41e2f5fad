import type { PickupPoint } from "@contract/api/checkout";
import { useShell } from "../use-shell";

const WIDTH = 320;
const HEIGHT = 220;
const PAD = 22;

/**
 * The points drawn where they are (longitude shrunk by the latitude's cosine, so distances look right), numbered as
 * in the list. A pointer can pick a marker; the list beside it is the keyboard and screen-reader way to choose.
 */
export function PickupMap({
  points: all,
  selected,
  onSelect,
}: {
  points: PickupPoint[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useShell();
  // The map shows the area around the nearest point (about 40 km); points in other cities stay on the list.
  const near = (point: PickupPoint) =>
    Math.abs(point.latitude - all[0]!.latitude) < 0.35 && Math.abs(point.longitude - all[0]!.longitude) < 0.5;
  const points = all.filter((point) => all.length && near(point));
  const numberOf = (point: PickupPoint) => all.indexOf(point) + 1;
  if (!points.length) return null;
  const meanLat = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const scaleX = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((point) => point.longitude * scaleX);
  const ys = points.map((point) => point.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 0.01);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  const at = (index: number) => ({
    x: offsetX + (xs[index]! - minX) * scale,
    y: HEIGHT - (offsetY + (ys[index]! - minY) * scale),
  });
  // The chosen marker is drawn last, on top.
  const order = points
    .map((_, index) => index)
    .sort((a, b) => Number(points[a]!.id === selected) - Number(points[b]!.id === selected));
  const hidden = all.length - points.length;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t("checkout.pickup.map")}
        className="w-full rounded-card border border-line bg-brand-soft"
        data-testid="pickup-map"
      >
        <defs>
          <pattern id="pickup-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="currentColor" strokeOpacity="0.08" />
          </pattern>
        </defs>
        <rect width={WIDTH} height={HEIGHT} fill="url(#pickup-grid)" className="text-ink" />
        {order.map((index) => {
          const point = points[index]!;
          const { x, y } = at(index);
          const chosen = point.id === selected;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's shortcut; the keyboard chooses in the list beside the map
            <g
              key={point.id}
              transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
              onClick={() => onSelect(point.id)}
              className="cursor-pointer"
              data-point={point.id}
              data-selected={chosen || undefined}
            >
              <title>{`${numberOf(point)}. ${point.name}, ${point.street}`}</title>
              <circle
                r={chosen ? 15 : 11}
                className={chosen ? "fill-brand stroke-accent" : "fill-surface stroke-brand"}
                strokeWidth={chosen ? 4 : 2}
              />
              <text
                textAnchor="middle"
                dominantBaseline="central"
                className={`text-[11px] font-bold ${chosen ? "fill-on-brand" : "fill-brand"}`}
              >
                {numberOf(point)}
              </text>
            </g>
          );
        })}
      </svg>
      {hidden ? (
        <figcaption className="mt-1 text-sm text-muted">
          {t("checkout.pickup.fartherOnList", { count: hidden })}
        </figcaption>
      ) : null}
    </figure>
  );
}
