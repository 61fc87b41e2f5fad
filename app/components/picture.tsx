/** The spec's image formats: a JPG is offered as avif, webp, jpg; a PNG as avif, webp, png; an SVG as itself. */
export const IMAGE_FORMATS = { jpg: ["avif", "webp", "jpg"], png: ["avif", "webp", "png"] } as const;

type PictureProps = {
  src: string;
  format: "svg" | "jpg" | "png";
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  testId?: string;
};

/**
 * A catalogue image or an upload's preview in the formats the browser takes first: `src` names the JPG or PNG, and
 * the avif and webp beside it are offered before it. An upload's previews have such names too
 * (`uploadPreviewPath`, contract/api/upload-previews.ts: /images/uploads/{id}/{width}.{format}).
 */
export function Picture({ src, format, alt, width, height, className, eager = false, testId }: PictureProps) {
  const loading = eager ? "eager" : "lazy";
  if (format === "svg") {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        className={className}
        data-testid={testId}
      />
    );
  }
  const base = src.replace(/\.(jpg|png)$/, "");
  const [avif, webp, fallback] = IMAGE_FORMATS[format];
  return (
    <picture>
      <source type={`image/${avif}`} srcSet={`${base}.${avif}`} />
      <source type={`image/${webp}`} srcSet={`${base}.${webp}`} />
      <img
        src={`${base}.${fallback}`}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        className={className}
        data-testid={testId}
      />
    </picture>
  );
}
