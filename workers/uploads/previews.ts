import type { PreviewFormat } from "@contract/api/upload-previews";
import type { Logger } from "@contract/observability/log";
import type { UploadKind } from "@contract/api/uploads";

const OUTPUT: Record<PreviewFormat, ImageOutputOptions["format"]> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};
/**
 * Without a format asked for, a preview keeps its original's, but a HEIC (which browsers do not show) becomes a JPG.
 */
const SAME_FORMAT: Partial<Record<UploadKind, PreviewFormat>> = {
  jpeg: "jpg",
  heic: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
};

/**
 * A preview of an image upload, `width` pixels wide at most, in `format`, made by Cloudflare Images (the IMAGES
 * binding; locally miniflare makes it with sharp). Null when there is no binding or it cannot read the image (a HEIC
 * where sharp has no HEVC decoder, one over Images' input limits): the caller then serves the original.
 */
export async function preview(
  images: ImagesBinding | undefined,
  original: ReadableStream<Uint8Array>,
  kind: UploadKind,
  width: number | undefined,
  format: PreviewFormat | undefined,
  log: Logger,
) {
  if (!images) return null;
  try {
    const transformer = images.input(original);
    const resized = width ? transformer.transform({ width, fit: "scale-down" }) : transformer;
    const output = await resized.output({ format: OUTPUT[format ?? SAME_FORMAT[kind] ?? "jpg"] });
    return { body: output.image(), contentType: output.contentType() };
  } catch (error) {
    log.line(
      "WARN",
      `Preview not made, the original is served: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}
