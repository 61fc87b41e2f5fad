import { z } from "zod";

/**
 * A value that travels as JSON in one form field: bounded before it is parsed, text that is no JSON is refused, then
 * `schema`.
 */
export function jsonField<Schema extends z.ZodType>(
  schema: Schema,
  { maxLength, message }: { maxLength: number; message: string },
) {
  return z
    .string()
    .max(maxLength)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
