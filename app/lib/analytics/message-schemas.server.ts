import { z } from "zod";
import { CHANNELS } from "@contract/marketing/channels";
import { isConsentId } from "@contract/marketing/consent";
import {
  CONSENT_RECORD_ACTIONS,
  type AffiliateHitMessage,
  type AnalyticsMessage,
  type ConsentMessage,
  type ConsentRecordMessage,
  type PageEventMessage,
} from "./messages";

/** The EVENTS queue's messages as the consumer accepts them: whatever the producer, each field checked and bounded. */
const eventId = z.string().min(1).max(64);
const createdAt = z.iso.datetime();
const brand = z.string().min(1).max(16);
const address = z.string().max(64).nullable();
const campaignText = z.string().max(150).nullable().optional();

const pageEventMessage = z.object({
  kind: z.literal("page").optional(),
  eventId,
  category: z.string().min(1).max(64),
  name: z.string().min(1).max(128),
  url: z.string().max(2048),
  path: z.string().max(1024),
  title: z.string().max(300),
  referrer: z.string().max(2048),
  userAgent: z.string().max(512).nullable(),
  ip: address,
  platform: z.string().max(64),
  mobile: z.boolean(),
  session: z.string().max(128).nullable(),
  brand,
  createdAt,
  visitId: z.string().max(64).nullable().optional(),
  landing: z.boolean().optional(),
  channel: z.enum(CHANNELS).optional(),
  source: campaignText,
  medium: campaignText,
  campaign: campaignText,
}) satisfies z.ZodType<PageEventMessage>;

const affiliateHitMessage = z.object({
  kind: z.literal("affiliate_hit"),
  eventId,
  brand,
  affiliateId: z.string().min(1).max(32),
  campaign: z.string().max(150).nullable(),
  url: z.string().max(2048),
  domain: z.string().max(255),
  deviceFootprint: z.string().max(256),
  ip: address,
  accepted: z.boolean(),
  createdAt,
}) satisfies z.ZodType<AffiliateHitMessage>;

const consentMessage = z.object({
  kind: z.literal("consent"),
  eventId,
  brand,
  ads: z.boolean(),
  analytics: z.boolean(),
  version: z.string().min(1).max(32),
  createdAt,
}) satisfies z.ZodType<ConsentMessage>;

const googleState = z.enum(["granted", "denied"]);

const consentRecordMessage = z.object({
  kind: z.literal("consent_record"),
  eventId,
  consentId: z.string().refine(isConsentId),
  brand,
  version: z.string().min(1).max(32),
  action: z.enum(CONSENT_RECORD_ACTIONS),
  state: z.strictObject({
    ad_storage: googleState,
    ad_user_data: googleState,
    ad_personalization: googleState,
    analytics_storage: googleState,
  }),
  gpc: z.boolean(),
  addressHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  createdAt,
}) satisfies z.ZodType<ConsentRecordMessage>;

/** A message without `kind` was queued before there were other kinds: a page event. */
export const analyticsMessageSchema: z.ZodType<AnalyticsMessage> = z.union([
  affiliateHitMessage,
  consentMessage,
  consentRecordMessage,
  pageEventMessage,
]);
