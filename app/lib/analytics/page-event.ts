import { z } from "zod";

/** The spec's page event as the browser sends it; user agent and ip are taken from the request. */
export const pageEventSchema = z.strictObject({
  id: z.uuid(),
  category: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(128),
  page: z.strictObject({
    url: z.url().max(2048),
    path: z.string().startsWith("/").max(1024),
    title: z.string().max(300),
    referrer: z.string().max(2048),
  }),
  platform: z.string().max(64),
  mobile: z.boolean(),
});
export type PageEvent = z.infer<typeof pageEventSchema>;
