/** Where the browser reads one of its uploads (same origin; its owners only, see decision 0021). */
export const uploadPath = (id: string) => `/images/uploads/${encodeURIComponent(id)}`;

/**
 * A design's preview as its order shows it (order completed, tracking, e-mails): readable by whoever may see the order
 * by its public id, from any device, since the order keeps its own copy (decision 0021).
 */
export const orderUploadPath = (publicId: string, id: string) => `/tracking/${encodeURIComponent(publicId)}/designs/${encodeURIComponent(id)}`;
