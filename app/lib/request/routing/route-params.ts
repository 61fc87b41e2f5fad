import { z } from "zod";
import { recordId, slugParam } from "@contract/api/params";
import { PUBLIC_ID_PATTERN } from "@contract/api/orders";
import { pageNotFound } from "~/lib/errors";

/** Digits naming a record the product API can hold (a longer number is no record). */
const recordDigits = z
  .string()
  .regex(/^\d+$/)
  .refine((value) => recordId.safeParse(value).success);

/** The spec's route parameter rules, within what the product API takes (a parameter it would refuse is no page). */
export const routeParams = {
  slug: slugParam,
  publicId: z.string().regex(PUBLIC_ID_PATTERN),
  /** `17` or `{slug}_17`: the topic is the number after the last underscore. */
  helpTopicId: z
    .string()
    .regex(/^(\d+|.*_\d+)$/)
    .refine((value) => recordDigits.safeParse(value.slice(value.lastIndexOf("_") + 1)).success),
  helpCategoryId: recordDigits,
  designId: z.string().min(1).max(100),
  articleId: recordDigits,
  /** The design creator's article: digits and below 20000. */
  creatorArticleId: z
    .string()
    .regex(/^\d+$/)
    .refine((value) => Number(value) < 20000),
};

/** Validates route parameters; an invalid one is the fatal 404 'Page Not Found'. */
export function parseParams<S extends z.ZodRawShape>(
  request: Request,
  shape: S,
  params: Record<string, string | undefined>,
) {
  const parsed = z.object(shape).safeParse(params);
  if (!parsed.success) throw pageNotFound(request);
  return parsed.data;
}
