import { channelOf, sourceMediumOf } from "@contract/marketing/channels";
import type { ConsentChoice } from "@contract/marketing/consent";
import { COOKIE_RULES, cookieAllowed, type CookieRule } from "@contract/marketing/cookies";
import { cleanPath, encodePairs, externalReferrer, landingParams, type Landing } from "@contract/marketing/campaign";
import { cookieHeader, expiredCookieHeader, pairsCookieHeader, readCookie } from "~/lib/request/cookies/cookie-headers";
import { encodeFirstTouch, encodeLanding } from "./touch-cookies";

/** A landing worth recording: a campaign link (cleaned parameters) or a visit from another site; its page and time. */
export type Touch = { landing: Landing; referrer?: string; path: string; at: Date };

const some = (values: object) => Object.keys(values).length > 0;

/** What a page URL and its Referer say of a landing; null for a visit from the shop itself or typed in (direct). */
export function touchOf(url: URL, referer: string | null, ownHosts: readonly string[]): Touch | null {
  const landing = landingParams(url.searchParams);
  const referrer = externalReferrer(referer, [...ownHosts, url.hostname]);
  const campaign = some(landing.utm) || some(landing.clickIds) || !!landing.affiliateId || !!landing.awc;
  return campaign || referrer ? { landing, referrer, path: cleanPath(url.pathname), at: new Date() } : null;
}

/**
 * The Set-Cookie headers a landing earns under the visitor's consent (contract/marketing/cookies.ts): none before an
 * answer; ads consent keeps afcust, awc and the click ids; analytics consent keeps utm, the external referrer, the
 * landing (last touch) and, once, the first touch. A new landing replaces the last one's campaign, click ids and
 * referrer (a stale one is cleared); afcust and awc keep their own lifetimes until another link names another.
 */
export function landingCookieHeaders(
  touch: Touch,
  consent: ConsentChoice | null,
  cookies: string | null,
  secure: boolean,
): string[] {
  if (!consent) return [];
  const set = (rule: CookieRule, value: string) => cookieHeader(rule, value, { secure });
  // Named values (campaign, click ids, touches): each value encoded once, by the pairs.
  const setPairs = (rule: CookieRule, pairs: string) => pairsCookieHeader(rule, pairs, { secure });
  const replace = (rule: CookieRule, header: string | undefined) =>
    header ? [header] : readCookie(cookies, rule.name) === null ? [] : [expiredCookieHeader(rule, { secure })];
  const { utm, clickIds, affiliateId, awc } = touch.landing;
  const facts = { utm, clickIds, affiliateId, awc, referrer: touch.referrer };
  const channel = channelOf(facts);
  const headers: string[] = [];
  if (cookieAllowed("ads", consent)) {
    if (affiliateId) headers.push(set(COOKIE_RULES.affiliate, affiliateId));
    if (awc) headers.push(set(COOKIE_RULES.awc, awc));
    headers.push(
      ...replace(
        COOKIE_RULES.clickIds,
        some(clickIds) ? setPairs(COOKIE_RULES.clickIds, encodePairs(clickIds)) : undefined,
      ),
    );
  }
  if (cookieAllowed("analytics", consent)) {
    headers.push(...replace(COOKIE_RULES.utm, some(utm) ? setPairs(COOKIE_RULES.utm, encodePairs(utm)) : undefined));
    headers.push(...replace(COOKIE_RULES.referrer, touch.referrer && set(COOKIE_RULES.referrer, touch.referrer)));
    headers.push(setPairs(COOKIE_RULES.landing, encodeLanding({ path: touch.path, at: touch.at, channel })));
    if (readCookie(cookies, COOKIE_RULES.firstTouch.name) === null) {
      const { source, medium } = sourceMediumOf(facts, channel);
      headers.push(
        setPairs(
          COOKIE_RULES.firstTouch,
          encodeFirstTouch({
            path: touch.path,
            at: touch.at,
            channel,
            source,
            medium,
            campaign: utm.utm_campaign ?? null,
          }),
        ),
      );
    }
  }
  return headers;
}

/** A response carrying one visitor's cookies: never kept by a shared cache. */
export function withCookies(response: Response, headers: readonly string[]): Response {
  if (!headers.length) return response;
  const answer = new Response(response.body, response);
  for (const header of headers) answer.headers.append("Set-Cookie", header);
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}
