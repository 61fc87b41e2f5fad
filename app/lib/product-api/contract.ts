import { z } from "zod";
import { COLLECTION_TAGS } from "./constants";

/** The contract between the app and the product API: both sides import these schemas. */

export const API_ERROR_CODES = {
  unauthorized: 4010,
  invalidRequest: 4000,
  notFound: 5001,
  /** The change is not possible in the current state (an answer given twice, a refused order transition). */
  conflict: 4090,
  /** Nothing matched: the response body is still normal data (an empty list). */
  noResults: 5004,
} as const;

export const apiErrorSchema = z.object({
  error: z.object({ code: z.number().int(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const siteSchema = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string().length(2),
  currency: z.string().length(3),
  decimals: z.boolean(),
  defaultLocale: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export { COLLECTION_TAGS };

export const articleSchema = z.object({
  id: z.number().int().positive(),
  site: z.string(),
  slug: z.string(),
  name: z.string(),
  namePlural: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  image: z.string(),
  collection: z.enum(COLLECTION_TAGS).nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListSchema = z.object({ items: z.array(articleSchema) });

export const articleListQuery = z.object({
  site: z.string().min(1),
  locale: z.string().min(2).max(5),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
