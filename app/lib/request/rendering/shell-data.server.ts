import type { RouterContextProvider } from "react-router";
import { brandLocales } from "@contract/brands/brands";
import { requestConsent, sendsGpc } from "~/lib/consent/consent-cookie.server";
import { consentModeScript } from "~/lib/consent/consent-mode";
import { pageTags, tagScript } from "~/lib/consent/tags";
import { cartSummary } from "~/lib/cart/current.server";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";

/** What every page's chrome shows (the root loader's data): the brand, the locale, the cart count and who is in. */
export async function shellData(request: Request, context: Readonly<RouterContextProvider>) {
  const brand = context.get(brandContext);
  const requestSession = context.get(sessionContext);
  const session = requestSession.data;
  const consent = requestConsent(request);
  const tags = pageTags(brand.tags, consent);
  // The header's count is not worth an error screen: if the product API cannot answer, the page shows without it.
  const cart = await cartSummary(context).catch((error: unknown) => {
    context.get(requestInfoContext).log.failure("Cart summary for the header failed", error);
    return null;
  });
  return {
    brand: {
      slug: brand.slug,
      name: brand.name,
      country: brand.country,
      theme: brand.theme,
      currency: brand.currency,
      decimals: brand.decimals,
      defaultLocale: brand.defaultLocale,
      locales: brandLocales(brand),
      paymentMethods: brand.paymentMethods,
      carriers: brand.carriers,
      designCreator: brand.features.designCreator,
      tags: brand.tags,
    },
    locale: context.get(localeContext),
    origin: new URL(request.url).origin,
    cartCount: cart?.itemCount ?? 0,
    customerName: session.customer?.firstName ?? null,
    /** The header links the shop's marketer to the marketing dashboard. */
    marketer: session.customer?.roles.includes("marketing") ?? false,
    /**
     * The visitor's choice, from the consent cookie (one of the page cache's variants: nothing that names the visitor).
     */
    consent: consent && { ads: consent.ads, analytics: consent.analytics },
    /**
     * The browser sends Global Privacy Control: ads stay refused unless granted since, and the banner says so (a cache
     * variant too).
     */
    gpc: sendsGpc(request),
    /**
     * The head's Consent Mode script and the tags this page loads (made here, so the browser's bundle has no builder).
     */
    consentHead: {
      script: consentModeScript(consent, tags.includes("ga4") ? brand.tags.ga4 : null),
      tags: tags.map((tag) => ({ tag, src: tagScript(brand.tags, tag) })),
    },
    /** Page views are reported only with analytics consent. */
    consentGiven: consent?.analytics ?? false,
    /** Whether the visitor has a session (never on a cached page), and the GA4 ids it holds. */
    hasSession: requestSession.exists,
    ga4: requestSession.exists
      ? { clientId: session.ga4ClientId, sessionId: session.ga4SessionId, sessionNumber: session.ga4SessionNumber }
      : null,
    clientApiRequests: context.get(requestInfoContext).config.clientApiRequests,
  };
}

export type RootData = Awaited<ReturnType<typeof shellData>>;
