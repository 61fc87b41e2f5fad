import { Hono } from "hono";
import { z } from "zod";
import { errorBody, errorBodySchema, issuesOf } from "@contract/http/errors";
import type { AffiliateNetwork, ConversionReport, ReportOutcome } from "./network";

/**
 * The sandbox affiliate network: a network's conversion endpoint as a real one behaves, served in process (no socket)
 * so that local use and tests need no outside service. It checks the payload, answers a reference, answers a repeated
 * order with the reference it gave (one conversion per order), and is down for an order while told to be
 * (`/operator/affiliates/sandbox-outages`, development only). Its memory is the isolate's: a sandbox, not a ledger.
 */
const conversionPayload = z
  .strictObject({
    order_ref: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
    site: z.string().min(1).max(16),
    affiliate_id: z.number().int().positive().nullable(),
    awc: z
      .string()
      .regex(/^[A-Za-z0-9_.|-]{1,200}$/)
      .nullable(),
    amount: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    paid_at: z.iso.datetime(),
  })
  .refine((payload) => payload.affiliate_id !== null || payload.awc !== null, "an affiliate id or an awc is required");

const references = new Map<string, string>();
const outages = new Map<string, number>();

/** Tells the sandbox to be down for the next `reports` reports of this order (development and tests only). */
export function sandboxOutage(orderRef: string, reports: number) {
  if (reports > 0) outages.set(orderRef, reports);
  else outages.delete(orderRef);
}

const server = new Hono().post("/conversions", async (c) => {
  const payload = conversionPayload.safeParse(await c.req.json().catch(() => null));
  if (!payload.success) return c.json(errorBody("badField", issuesOf(payload.error).message), 400);
  const orderRef = payload.data.order_ref;
  const down = outages.get(orderRef) ?? 0;
  if (down > 0) {
    sandboxOutage(orderRef, down - 1);
    return c.json(errorBody("unavailable", "sandbox network unavailable"), 503);
  }
  const known = references.get(orderRef);
  if (known) return c.json({ reference: known, duplicate: true });
  const reference = `SBX-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  references.set(orderRef, reference);
  return c.json({ reference, duplicate: false }, 201);
});

const answer = z.object({ reference: z.string().min(1).max(100) });

export const sandboxNetwork: AffiliateNetwork = {
  name: "sandbox",
  async report(conversion: ConversionReport): Promise<ReportOutcome> {
    const response = await server.request("/conversions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        order_ref: conversion.orderRef,
        site: conversion.site,
        affiliate_id: conversion.affiliateId,
        awc: conversion.awc,
        amount: conversion.amount,
        currency: conversion.currency,
        paid_at: conversion.paidAt,
      }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = answer.safeParse(body);
      return parsed.success
        ? { ok: true, reference: parsed.data.reference }
        : { ok: false, error: "the network answered no reference", retry: true };
    }
    const error = `${response.status} ${errorBodySchema.safeParse(body).data?.error.message ?? ""}`
      .trim()
      .slice(0, 300);
    // A refused payload stays refused; an unavailable network may take it later.
    return { ok: false, error, retry: response.status >= 500 || response.status === 429 };
  },
};
