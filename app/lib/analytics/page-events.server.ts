import { cleanPath, withoutMarketingParams } from "@contract/marketing/campaign";
import { truncateIp } from "@contract/marketing/client-address";
import type { PageEventMessage } from "./messages";
import type { PageEvent } from "./page-event";
import type { Visit } from "./visit.server";

/** Longest user agent kept: real ones are under 300 characters; the rest is noise or an attack. */
const MAX_USER_AGENT = 512;

/** A referrer as kept: origin and path, no query or fragment (it may carry another site's personal data). */
function cleanReferrer(referrer: string): string {
  try {
    const url = new URL(referrer);
    return url.protocol === "http:" || url.protocol === "https:" ? `${url.origin}${cleanPath(url.pathname)}` : "";
  } catch {
    return "";
  }
}

type Facts = { session: string | null; brand: string; visit: Visit | null; landing: boolean };

/**
 * The queue message of a browser's event with the request's facts: the client address truncated before it leaves the
 * request, the page URL without marketing's parameters (the visit's channel and campaign say what they said; click
 * ids are ads data).
 */
export function pageEventMessage(
  event: PageEvent,
  request: Request,
  { session, brand, visit, landing }: Facts,
): PageEventMessage {
  return {
    kind: "page",
    eventId: event.id,
    category: event.category,
    name: event.name,
    url: withoutMarketingParams(new URL(event.page.url)).href,
    path: cleanPath(event.page.path),
    title: event.page.title,
    referrer: cleanReferrer(event.page.referrer),
    userAgent: request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
    ip: truncateIp(request.headers.get("cf-connecting-ip")),
    platform: event.platform,
    mobile: event.mobile,
    session,
    brand,
    createdAt: new Date().toISOString(),
    visitId: visit?.id ?? null,
    landing,
    channel: visit?.channel ?? "direct",
    source: visit?.source ?? null,
    medium: visit?.medium ?? null,
    campaign: visit?.campaign ?? null,
  };
}
