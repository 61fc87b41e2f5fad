import { googleConsent, type ConsentChoice } from "@contract/marketing/consent";

/**
 * The head's inline script (Google Consent Mode v2): everything denied by default before any tag, then the visitor's
 * choice when there is one, then GA4's own configuration when it loads on this page.
 */
export function consentModeScript(consent: ConsentChoice | null, ga4: string | null): string {
  return [
    "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}",
    `gtag("consent","default",${JSON.stringify(googleConsent(null))});`,
    consent ? `gtag("consent","update",${JSON.stringify(googleConsent(consent))});` : "",
    ga4 ? `gtag("js",new Date());gtag("config",${JSON.stringify(ga4)});` : "",
  ].join("");
}
