import { z } from "zod";

/** The e-mails the shop would have sent (the reference product API's outbox, for development and tests). */
export const outboxSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      site: z.string(),
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      kind: z.string(),
      createdAt: z.string(),
    }),
  ),
});
