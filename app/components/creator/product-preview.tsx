import type { DesignDocument } from "@contract/creator/document";
import { printedPage } from "@contract/creator/pages";
import type { PrintTemplate } from "@contract/creator/templates";
import { DesignLayers } from "./design-layers";

/**
 * The design on the product, as a simple mock-up: a print or poster as the trimmed sheet with a shadow; a canvas with
 * its edge band folded round the frame (the sides shaded); a mug with the front of its wrap on a cylinder, a handle
 * and shading. Only the trimmed area shows: the bleed is cut off.
 */
export function ProductPreview({
  document,
  page,
  template,
  label,
  emptyLabel,
}: {
  document: DesignDocument;
  /** The page shown, with what the product prints on it (a month's grid). */
  page: number;
  template: PrintTemplate;
  label: string;
  emptyLabel: string;
}) {
  const { widthMm: width, heightMm: height, edgeMm: edge } = template;
  const elements = printedPage(document, page).elements;
  // Each copy of the sheet (a canvas shows three: face and two edges) has its own clip ids.
  const sheetCopy = (copy: string) => (
    <>
      <rect x={0} y={0} width={width} height={height} fill={document.background} />
      <DesignLayers elements={elements} idPrefix={`preview-${copy}`} emptyLabel={emptyLabel} />
    </>
  );
  const sheet = sheetCopy("face");

  if (template.shape === "wrap") {
    // The front half of the wrap faces the viewer; the handle sits where its two ends meet.
    const front = width / 2;
    const margin = height * 0.12;
    return (
      <svg
        viewBox={`${-margin} ${-margin} ${front + height * 0.55 + margin * 2} ${height + margin * 2.5}`}
        role="img"
        aria-label={label}
        className="block h-auto max-h-[68dvh] w-full"
        data-testid="product-preview"
        data-shape="wrap"
      >
        <defs>
          <clipPath id="preview-mug-front">
            <rect x={0} y={0} width={front} height={height} rx={2} />
          </clipPath>
          <linearGradient id="preview-mug-shade" x1="0" x2="1" y1="0" y2="0">
            <stop offset="0" stopColor="#000000" stopOpacity="0.35" />
            <stop offset="0.25" stopColor="#000000" stopOpacity="0.05" />
            <stop offset="0.45" stopColor="#ffffff" stopOpacity="0.25" />
            <stop offset="0.75" stopColor="#000000" stopOpacity="0.05" />
            <stop offset="1" stopColor="#000000" stopOpacity="0.4" />
          </linearGradient>
        </defs>
        <path
          d={`M${front - 2} ${height * 0.2} C ${front + height * 0.5} ${height * 0.1}, ${front + height * 0.5} ${height * 0.9}, ${front - 2} ${height * 0.8}`}
          fill="none"
          stroke="#d1d5db"
          strokeWidth={height * 0.1}
          strokeLinecap="round"
        />
        <g clipPath="url(#preview-mug-front)">
          <g transform={`translate(${-front / 2} 0)`}>{sheet}</g>
        </g>
        <rect
          x={0}
          y={0}
          width={front}
          height={height}
          rx={2}
          fill="url(#preview-mug-shade)"
          stroke="#9ca3af"
          strokeWidth={0.5}
        />
        <ellipse
          cx={front / 2}
          cy={0}
          rx={front / 2}
          ry={height * 0.06}
          fill="#f3f4f6"
          stroke="#9ca3af"
          strokeWidth={0.5}
        />
      </svg>
    );
  }

  if (template.shape === "canvas" && edge > 0) {
    const face = { width: width - 2 * edge, height: height - 2 * edge };
    const depth = edge * 0.7;
    return (
      <svg
        viewBox={`${-4} ${-4} ${face.width + depth + 8} ${face.height + depth + 8}`}
        role="img"
        aria-label={label}
        className="block h-auto max-h-[68dvh] w-full"
        data-testid="product-preview"
        data-shape="canvas"
      >
        <defs>
          <clipPath id="preview-canvas-face">
            <rect x={0} y={0} width={face.width} height={face.height} />
          </clipPath>
          <clipPath id="preview-canvas-right">
            <rect x={0} y={0} width={edge} height={face.height} />
          </clipPath>
          <clipPath id="preview-canvas-bottom">
            <rect x={0} y={0} width={face.width} height={edge} />
          </clipPath>
        </defs>
        {/* The right and bottom edges, folded back and seen at an angle. */}
        <g transform={`translate(${face.width} 0) skewY(45) scale(${depth / edge} 1)`}>
          <g clipPath="url(#preview-canvas-right)">
            <g transform={`translate(${-(width - edge)} ${-edge})`}>{sheetCopy("right")}</g>
          </g>
          <rect x={0} y={0} width={edge} height={face.height} fill="#000000" fillOpacity={0.35} />
        </g>
        <g transform={`translate(0 ${face.height}) skewX(45) scale(1 ${depth / edge})`}>
          <g clipPath="url(#preview-canvas-bottom)">
            <g transform={`translate(${-edge} ${-(height - edge)})`}>{sheetCopy("bottom")}</g>
          </g>
          <rect x={0} y={0} width={face.width} height={edge} fill="#000000" fillOpacity={0.2} />
        </g>
        <g clipPath="url(#preview-canvas-face)">
          <g transform={`translate(${-edge} ${-edge})`}>{sheet}</g>
        </g>
        <rect x={0} y={0} width={face.width} height={face.height} fill="none" stroke="#00000033" strokeWidth={0.5} />
      </svg>
    );
  }

  const shadow = Math.max(width, height) * 0.015;
  return (
    <svg
      viewBox={`${-shadow * 2} ${-shadow * 2} ${width + shadow * 5} ${height + shadow * 5}`}
      role="img"
      aria-label={label}
      className="block h-auto max-h-[68dvh] w-full"
      data-testid="product-preview"
      data-shape="sheet"
    >
      <defs>
        <clipPath id="preview-sheet">
          <rect x={0} y={0} width={width} height={height} />
        </clipPath>
      </defs>
      <rect x={shadow} y={shadow} width={width} height={height} fill="#000000" fillOpacity={0.18} />
      <g clipPath="url(#preview-sheet)">{sheet}</g>
      <rect x={0} y={0} width={width} height={height} fill="none" stroke="#9ca3af" strokeWidth={0.3} />
    </svg>
  );
}
