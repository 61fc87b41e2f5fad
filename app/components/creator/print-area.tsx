import type { ReactNode, Ref, SVGProps } from "react";
import { bleedBox, safeBox, type PrintTemplate } from "@contract/creator/templates";

/**
 * The print area drawn to scale in millimetres (an SVG viewBox over the bleed box and a margin): what the server
 * paints first, and the stage the editor draws on. Attributes only, no inline styles (the page's CSP has no
 * 'unsafe-inline' for styles).
 */

export const GUIDE_COLOURS = { bleed: "#c2410c", trim: "#111827", safe: "#15803d", edge: "#1f2937" } as const;

/** The viewBox: the bleed box and a margin round it for the handles. */
export function stageBox(template: PrintTemplate) {
  const box = bleedBox(template);
  const margin = Math.max(box.width, box.height) * 0.06;
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

/**
 * Bleed, trim and safe lines; a canvas's edge band and a mug's handle zones, shaded. Lines keep their width at any
 * zoom.
 */
export function PrintGuides({ template }: { template: PrintTemplate }) {
  const bleed = bleedBox(template);
  const safe = safeBox(template);
  const { widthMm: width, heightMm: height, edgeMm: edge } = template;
  const line = { fill: "none", vectorEffect: "non-scaling-stroke" as const, strokeWidth: 1.5 };
  const handle = Math.min(12, width * 0.06);
  return (
    <g pointerEvents="none" data-guides="">
      {template.shape === "canvas" && edge > 0 ? (
        <path
          d={`M0 0H${width}V${height}H0Z M${edge} ${edge}V${height - edge}H${width - edge}V${edge}Z`}
          fillRule="evenodd"
          fill={GUIDE_COLOURS.edge}
          fillOpacity={0.18}
          data-guide="edge"
        />
      ) : null}
      {template.shape === "wrap" ? (
        <g fill={GUIDE_COLOURS.edge} fillOpacity={0.14} data-guide="handle">
          <rect x={bleed.x} y={bleed.y} width={handle - bleed.x} height={bleed.height} />
          <rect x={width - handle} y={bleed.y} width={handle + template.bleedMm} height={bleed.height} />
        </g>
      ) : null}
      <rect {...bleed} {...line} stroke={GUIDE_COLOURS.bleed} strokeDasharray="6 4" data-guide="bleed" />
      <rect x={0} y={0} width={width} height={height} {...line} stroke={GUIDE_COLOURS.trim} data-guide="trim" />
      <rect {...safe} {...line} stroke={GUIDE_COLOURS.safe} strokeDasharray="3 3" data-guide="safe" />
    </g>
  );
}

type PrintAreaProps = {
  template: PrintTemplate;
  background: string;
  label: string;
  children?: ReactNode;
  /** Drawn over the guides: selection, handles, badges. */
  overlay?: ReactNode;
  svgRef?: Ref<SVGSVGElement>;
} & Omit<SVGProps<SVGSVGElement>, "ref" | "children">;

export function PrintArea({
  template,
  background,
  label,
  children,
  overlay,
  svgRef,
  className,
  ...props
}: PrintAreaProps) {
  const view = stageBox(template);
  const bleed = bleedBox(template);
  return (
    <svg
      ref={svgRef}
      viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
      className={className ?? "block h-auto max-h-[68dvh] w-full"}
      data-testid="print-area"
      {...props}
    >
      <defs>
        <clipPath id="creator-sheet">
          <rect {...bleed} />
        </clipPath>
      </defs>
      <rect {...bleed} fill={background} />
      <g clipPath="url(#creator-sheet)">{children}</g>
      <PrintGuides template={template} />
      {overlay}
    </svg>
  );
}

/** The guides' key, under the stage. */
export function GuideLegend({ template, t }: { template: PrintTemplate; t: (key: string) => string }) {
  const items: Array<[keyof typeof GUIDE_COLOURS, string, string | undefined]> = [
    ["bleed", t("creator.guides.bleed"), "6 4"],
    ["trim", t("creator.guides.trim"), undefined],
    ["safe", t("creator.guides.safe"), "3 3"],
  ];
  if (template.shape === "canvas") items.push(["edge", t("creator.guides.edge"), undefined]);
  if (template.shape === "wrap") items.push(["edge", t("creator.guides.handle"), undefined]);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" data-testid="guide-legend">
      {items.map(([guide, text, dash]) => (
        <li key={text} className="flex items-center gap-2">
          <svg width="24" height="10" aria-hidden="true">
            {guide === "edge" ? (
              <rect x="0" y="1" width="24" height="8" fill={GUIDE_COLOURS.edge} fillOpacity={0.25} />
            ) : (
              <line x1="0" y1="5" x2="24" y2="5" stroke={GUIDE_COLOURS[guide]} strokeWidth="2" strokeDasharray={dash} />
            )}
          </svg>
          {text}
        </li>
      ))}
    </ul>
  );
}
