/**
 * An upload's address, and its previews (GET /images/uploads/{id}?w=&format=): a closed set of widths, so each is made
 * once and cached, in the spec's formats (avif, webp, and jpg or png as the original). Without zod, for the components.
 */
export const PREVIEW_WIDTHS = [320, 640, 1280] as const;

/** Where the browser reads one of its uploads (same origin; its owners only, see decision 0021). */
export const uploadPath = (id: string) => `/images/uploads/${encodeURIComponent(id)}`;

export const PREVIEW_FORMATS = ["avif", "webp", "jpg", "png"] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

/**
 * Where an upload's preview is on the storefront: `/images/uploads/{id}/{width}.{format}`, named like a catalogue
 * image, so `<Picture src={uploadPreviewPath(url, 640, "jpg")} format="jpg">` offers its avif and webp first.
 */
export const uploadPreviewPath = (url: string, width: (typeof PREVIEW_WIDTHS)[number], format: PreviewFormat) =>
  `${url}/${width}.${format}`;

const PREVIEW_NAME = new RegExp(`^(${PREVIEW_WIDTHS.join("|")})\\.(${PREVIEW_FORMATS.join("|")})$`);

/**
 * A preview's name in a path (`640.webp`) as the uploads worker's query (`w`, `format`), or null for any other name.
 */
export function previewQuery(name: string): URLSearchParams | null {
  const [, width, format] = PREVIEW_NAME.exec(name) ?? [];
  return width && format ? new URLSearchParams({ w: width, format }) : null;
}
