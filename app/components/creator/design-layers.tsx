import type { DesignElement, PhotoElement, TextElement } from "@contract/creator/document";
import { fontFamily } from "~/lib/creator/fonts.client";
import { photoPlacement } from "~/lib/creator/geometry";
import { MM_PER_POINT } from "~/lib/creator/editing";
import { textLines } from "~/lib/creator/print-layout";
import { type PREVIEW_WIDTHS, uploadPath, uploadPreviewPath } from "@contract/api/upload-previews";

/** The document's elements in SVG, in millimetres, bottom first: the stage and the product preview draw the same. */

const transformOf = (element: DesignElement) => `translate(${element.x} ${element.y}) rotate(${element.rotation})`;

type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

function Photo({
  photo,
  idPrefix,
  emptyLabel,
  previewWidth,
}: {
  photo: PhotoElement;
  idPrefix: string;
  emptyLabel: string;
  previewWidth: PreviewWidth;
}) {
  const clip = `${idPrefix}-clip-${photo.id}`;
  const frame = { x: -photo.width / 2, y: -photo.height / 2, width: photo.width, height: photo.height };
  if (!photo.upload) {
    const icon = Math.min(photo.width, photo.height) * 0.25;
    return (
      <g data-empty-frame="">
        <rect {...frame} fill="#e5e7eb" stroke="#6b7280" strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
        <path
          d={`M${-icon / 2} 0H${icon / 2}M0 ${-icon / 2}V${icon / 2}`}
          stroke="#4b5563"
          strokeWidth={icon / 8}
          strokeLinecap="round"
        />
        <title>{emptyLabel}</title>
      </g>
    );
  }
  const place = photoPlacement({ ...photo, upload: photo.upload });
  return (
    <>
      <clipPath id={clip}>
        <rect {...frame} />
      </clipPath>
      <image
        href={uploadPreviewPath(uploadPath(photo.upload.id), previewWidth, "webp")}
        x={place.x}
        y={place.y}
        width={place.width}
        height={place.height}
        preserveAspectRatio="none"
        clipPath={`url(#${clip})`}
      />
    </>
  );
}

function Text({ text }: { text: TextElement }) {
  const anchor = text.align === "left" ? "start" : text.align === "right" ? "end" : "middle";
  return (
    <text
      fontFamily={`${fontFamily(text.font)}, sans-serif`}
      fontSize={text.sizePt * MM_PER_POINT}
      fontWeight={text.bold ? 700 : 400}
      fontStyle={text.italic ? "italic" : "normal"}
      fill={text.colour}
      textAnchor={anchor}
      xmlSpace="preserve"
    >
      {textLines(text).map((line, index) => (
        <tspan
          // biome-ignore lint/suspicious/noArrayIndexKey: a text's lines are drawn in order and never move
          key={index}
          x={line.x}
          y={line.baseline}
        >
          {line.text || " "}
        </tspan>
      ))}
    </text>
  );
}

/** `previewWidth`: the photos' preview drawn (a page's small thumbnail needs the smallest). */
export function DesignLayers({
  elements,
  idPrefix,
  emptyLabel,
  hidden,
  previewWidth = 1280,
}: {
  elements: readonly DesignElement[];
  idPrefix: string;
  emptyLabel: string;
  hidden?: string | null;
  previewWidth?: PreviewWidth;
}) {
  return (
    <>
      {elements.map((element) => (
        <g
          key={element.id}
          transform={transformOf(element)}
          data-element={element.id}
          data-kind={element.kind}
          visibility={element.id === hidden ? "hidden" : undefined}
        >
          {element.kind === "photo" ? (
            <Photo photo={element} idPrefix={idPrefix} emptyLabel={emptyLabel} previewWidth={previewWidth} />
          ) : null}
          {element.kind === "text" ? <Text text={element} /> : null}
          {element.kind === "art" ? (
            <image
              href={element.src}
              x={-element.width / 2}
              y={-element.height / 2}
              width={element.width}
              height={element.height}
              preserveAspectRatio="xMidYMid meet"
            />
          ) : null}
        </g>
      ))}
    </>
  );
}
