import { hasMarketingParams, withoutMarketingParams } from "@contract/marketing/campaign";
import type { Logger } from "@contract/observability/log";
import { resolveBrand } from "~/lib/brand/resolve-brand";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import type { AppConfig } from "~/lib/request/context/config.server";
import { recordAffiliateHit } from "./affiliate-hit.server";
import { landingCookieHeaders, touchOf, withCookies } from "./landing-cookies.server";

// Requests that are no page a campaign link lands on: the API routes, a client navigation's data, files.
const NOT_A_PAGE = /^\/(api|images|builds|_locales|sitemap)(\/|$)|\.(data|json|xml|txt)$/;

/**
 * Marketing at the edge, around the page cache (docs/decisions/0025). A page GET whose URL carries marketing
 * parameters is rendered and cached as the URL without them, so every campaign link shares one copy and no visitor's
 * values reach the HTML; its affiliate hit is sent in waitUntil; and the response, served from the cache or not, gets
 * the landing's cookies the visitor's consent allows (`finish`, after the cache stored the clean copy).
 */
export function marketingAtTheEdge(request: Request, env: Env, ctx: ExecutionContext, config: AppConfig, log: Logger) {
  const url = new URL(request.url);
  const referer = request.headers.get("referer");
  // Neither a query nor a referrer: typed in or bookmarked, nothing to record.
  if (request.method !== "GET" || (!url.search && !referer) || NOT_A_PAGE.test(url.pathname))
    return { page: request, finish: (response: Response) => response };
  const brand = resolveBrand(request, config.defaultBrand);
  const touch = touchOf(url, referer, brand.hosts);
  const affiliateId = touch?.landing.affiliateId;
  if (affiliateId)
    ctx.waitUntil(recordAffiliateHit(request, env, log, brand, affiliateId, touch.landing.utm.utm_campaign));
  return {
    page: hasMarketingParams(url.searchParams) ? new Request(withoutMarketingParams(url), request) : request,
    finish(response: Response) {
      if (!touch || response.status >= 500) return response;
      const cookies = landingCookieHeaders(
        touch,
        requestConsent(request),
        request.headers.get("cookie"),
        url.protocol === "https:",
      );
      return withCookies(response, cookies);
    },
  };
}
