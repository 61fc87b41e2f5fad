/**
 * The element that carries a document's strings (app/lib/i18n/page-strings.server.ts writes it, the browser reads it).
 */
export const PAGE_STRINGS_ID = "page-strings";
