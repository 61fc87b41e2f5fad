import { z } from "zod";
import { ACCOUNT_ROLES } from "@contract/api/enums";
import { BRAND_SLUGS } from "@contract/brands/brands";

export const customerSchema = z.strictObject({
  id: z.string().min(1).max(64),
  email: z.string().email().max(254),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  kind: z.enum(["customer", "master"]),
  permissions: z.array(z.enum(["orders", "tickets", "invoices"])),
  canMakeOrders: z.boolean(),
  /** The master a staff sub-account belongs to; null for a customer or a master itself. */
  masterId: z.string().max(64).nullable().default(null),
  /** The shop's staff roles ("marketing"); a session written before roles existed has none. */
  roles: z.array(z.enum(ACCOUNT_ROLES)).default([]),
});
export type Customer = z.infer<typeof customerSchema>;

/** What the app server keeps per visitor (the spec's session fields, plus the cart id). */
export const sessionDataSchema = z.object({
  fotiApiClient: z.object({ extSessionId: z.string().min(1) }),
  isConsentGiven: z.boolean().default(false),
  isAdsAccepted: z.boolean().default(false),
  isAnalyticsAccepted: z.boolean().default(false),
  consentVersion: z.string().nullable().default(null),
  screenWidth: z.number().int().nullable().default(null),
  screenHeight: z.number().int().nullable().default(null),
  screenDevicePixelRatio: z.number().nullable().default(null),
  ga4ClientId: z.string().nullable().default(null),
  ga4SessionId: z.string().nullable().default(null),
  ga4SessionNumber: z.number().int().nullable().default(null),
  customer: customerSchema.nullable().default(null),
  updateDateCustomer: z.string().nullable().default(null),
  cartId: z.string().nullable().default(null),
  /** Public ids of the orders this visitor placed or proved to own (e-mail lookup), newest first: who may see them. */
  orderIds: z.array(z.string().max(64)).max(20).default([]),
  /** A sign-in started at another provider (OpenID Connect): what its callback must match, for ten minutes. */
  oidcPending: z
    .object({
      state: z.string(),
      codeVerifier: z.string(),
      nonce: z.string(),
      callbackUrl: z.string(),
      startedAt: z.number(),
    })
    .nullable()
    .default(null),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export function newSessionData(): SessionData {
  return sessionDataSchema.parse({ fotiApiClient: { extSessionId: crypto.randomUUID() } });
}

/** The session as GET /api/session shows it: the spec's fields and nothing secret (no ids of the cookie or cart). */
export function publicSession(data: SessionData) {
  const { cartId: _cartId, orderIds: _orderIds, oidcPending: _oidcPending, ...visible } = data;
  return visible;
}

/**
 * The cookie's sealed value: the session id, its creation time and the brand whose host made it (a session belongs to
 * one brand: on another brand's host it is no session), and with the cookie provider the data too.
 */
export const sealedSessionSchema = z.object({
  id: z.string().min(16),
  createdAt: z.number().int().positive(),
  /** Absent only in seals made before sessions were bound to a brand: bound to the first brand that writes them. */
  brand: z.enum(BRAND_SLUGS).optional(),
  data: sessionDataSchema.optional(),
});
export type SealedSession = z.infer<typeof sealedSessionSchema>;
