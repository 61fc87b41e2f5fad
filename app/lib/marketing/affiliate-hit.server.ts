import { affiliateHitResultSchema } from "@contract/api/attribution";
import type { Brand } from "@contract/brands/brands";
import { truncateIp } from "@contract/marketing/client-address";
import { cleanPath } from "@contract/marketing/campaign";
import type { Logger } from "@contract/observability/log";
import { sha256Hex } from "@contract/rules/sha256";
import type { AffiliateHitMessage } from "~/lib/analytics/messages";
import { describeFailure } from "~/lib/errors";
import { requestLogFields, writeLog } from "~/lib/log/log.server";
import { ProductApiClient } from "~/lib/product-api/client";

/**
 * A visit, for the affiliate hit: 30 minutes, as a visit is counted elsewhere (contract/marketing/cookies.ts `visit`).
 */
const VISIT_SECONDS = 30 * 60;

/**
 * The spec's affiliate hit for a landing with a numeric afcust, once per visit: the device is known by a footprint (a
 * SHA-256 of its truncated address, user agent and languages), never by a cookie the visitor may not have allowed, and
 * a KV key of brand, affiliate and footprint lives 30 minutes. Runs in waitUntil: the page never waits; a failure is
 * logged, never shown. The dashboard hears of every hit sent (EVENTS), with the API's success flag.
 */
export async function recordAffiliateHit(
  request: Request,
  env: Env,
  log: Logger,
  brand: Brand,
  affiliateId: string,
  campaign: string | undefined,
) {
  const url = new URL(request.url);
  // No address (a local tool): an unknown one, so the hit is still counted.
  const ip = truncateIp(request.headers.get("cf-connecting-ip")) ?? "0.0.0.0";
  const footprint = await sha256Hex(
    [ip, request.headers.get("user-agent") ?? "", request.headers.get("accept-language") ?? ""].join("|"),
  );
  const visitKey = `affiliate-hit:${brand.slug}:${affiliateId}:${footprint}`;
  if (await env.SESSIONS.get(visitKey)) return;
  await env.SESSIONS.put(visitKey, "1", { expirationTtl: VISIT_SECONDS });
  const hit = {
    customer_id: affiliateId,
    device_footprint: footprint,
    domain: url.hostname,
    url: `${url.origin}${cleanPath(url.pathname)}`,
    ip,
    campaign,
  };
  let accepted = false;
  try {
    const api = new ProductApiClient({
      transport: (apiRequest) => env.API.fetch(apiRequest),
      requestId: log.requestId,
      brand: brand.slug,
      locale: brand.defaultLocale,
      extSessionId: "",
      cacheable: false,
      clientCallsEnabled: false,
    });
    accepted = (await api.post("/affiliates/hits", hit, affiliateHitResultSchema)).success;
  } catch (error) {
    await writeLog(log, env.ANALYTICS_DB, {
      level: "WARN",
      message: `Affiliate hit ${affiliateId} not recorded: ${describeFailure(error)}`,
      ...requestLogFields(request),
      url: hit.url,
    });
  }
  const message: AffiliateHitMessage = {
    kind: "affiliate_hit",
    eventId: crypto.randomUUID(),
    brand: brand.slug,
    affiliateId,
    campaign: campaign ?? null,
    url: hit.url,
    domain: hit.domain,
    deviceFootprint: footprint,
    ip,
    accepted,
    createdAt: new Date().toISOString(),
  };
  await env.EVENTS.send(message);
}
