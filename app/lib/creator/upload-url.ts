/** Where the visitor's browser reads one of its uploads back (same origin, for its owners only; decision 0021). */
export const uploadUrl = (id: string) => `/images/uploads/${encodeURIComponent(id)}`;
