/** Where the browser reads one of its uploads (same origin; its owners only, see decision 0021). */
export const uploadPath = (id: string) => `/images/uploads/${encodeURIComponent(id)}`;

