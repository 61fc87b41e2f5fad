/**
 * How pages tell a creator design and reach its preview, without zod (components import this; the schemas stay out of
 * the browser's bundles).
 */

/** A design made in the creator (`cd_…`), as opposed to one of the shop's catalogue designs. */
export const isCreatorDesignId = (id: string) => id.startsWith("cd_");

/**
 * Where a design's preview is shown for its order (order completed, tracking, the e-mails): readable by whoever may
 * see the order by its public id, from any device; the order keeps its own copy of the file (decision 0021).
 */
export const orderDesignPreviewPath = (publicId: string, uploadId: string) =>
  `/tracking/${encodeURIComponent(publicId)}/designs/${encodeURIComponent(uploadId)}`;
