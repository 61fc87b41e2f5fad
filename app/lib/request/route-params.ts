import { z } from "zod";
import { pageNotFound } from "~/lib/errors";

/** The spec's route parameter rules. */
export const routeParams = {
  slug: z.string().min(1),
  publicId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  helpTopicId: z.string().regex(/^(\d+|.*_\d+)$/),
  helpCategoryId: z.string().regex(/^\d+$/),
  designId: z.string().min(1),
  articleId: z.string().regex(/^\d+$/),
  /** The design creator's article: digits and below 20000. */
  creatorArticleId: z.string().regex(/^\d+$/).refine((value) => Number(value) < 20000),
};

/** Validates route parameters; an invalid one is the fatal 404 'Page Not Found'. */
export function parseParams<S extends z.ZodRawShape>(request: Request, shape: S, params: Record<string, string | undefined>) {
  const parsed = z.object(shape).safeParse(params);
  if (!parsed.success) throw pageNotFound(request);
  return parsed.data;
}
