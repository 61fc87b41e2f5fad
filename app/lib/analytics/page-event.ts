import { z } from "zod";
import { INTERACTIONS } from "./messages";

/** What the browser reports (docs/decisions/0026): page views, and the interactions the dashboard counts. */
export const EVENT_KINDS = { page: ["view"], ecommerce: INTERACTIONS } as const;
export type EventCategory = keyof typeof EVENT_KINDS;
export type EventName<C extends EventCategory> = (typeof EVENT_KINDS)[C][number];

const page = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2048),
  path: z.string().startsWith("/").max(1024),
  title: z.string().max(300),
  referrer: z.string().max(2048),
});

const common = { id: z.uuid(), page, platform: z.string().max(64), mobile: z.boolean() };

/** The spec's page event as the browser sends it; user agent and ip are taken from the request. */
export const pageEventSchema = z.discriminatedUnion("category", [
  z.strictObject({ ...common, category: z.literal("page"), name: z.enum(EVENT_KINDS.page) }),
  z.strictObject({ ...common, category: z.literal("ecommerce"), name: z.enum(EVENT_KINDS.ecommerce) }),
]);
export type PageEvent = z.infer<typeof pageEventSchema>;
