import { memo } from "react";
import type { DesignPage, TextElement } from "@contract/creator/document";
import type { PrintTemplate } from "@contract/creator/templates";
import { DesignLayers } from "./design-layers";

type Props = {
  page: DesignPage;
  grid: readonly TextElement[];
  background: string;
  template: PrintTemplate;
  className?: string;
  /** Keeps its clip paths' ids apart from another drawing of the same page. */
  idPrefix?: string;
};

/**
 * A page drawn small: the trimmed page with its layers (photos from their smallest preview) and its grid, the same
 * drawing as the stage. Memoised: a page whose layers did not change (the document keeps its object) is not drawn
 * again, so a book of many pages stays quick to edit.
 */
export const PageThumbnail = memo(function PageThumbnail(props: Props) {
  const { page, grid, background, template, className, idPrefix = "thumb" } = props;
  const { widthMm: width, heightMm: height } = template;
  const prefix = `${idPrefix}-${page.id}`;
  const clip = `${prefix}-sheet`;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className={className ?? "block h-auto w-full"}
      data-page-thumbnail={page.id}
    >
      <defs>
        <clipPath id={clip}>
          <rect x={0} y={0} width={width} height={height} />
        </clipPath>
      </defs>
      <rect x={0} y={0} width={width} height={height} fill={background} />
      <g clipPath={`url(#${clip})`}>
        <DesignLayers elements={page.elements} idPrefix={prefix} emptyLabel="" previewWidth={320} />
        {grid.length ? <DesignLayers elements={grid} idPrefix={`${prefix}-grid`} emptyLabel="" /> : null}
      </g>
    </svg>
  );
});
