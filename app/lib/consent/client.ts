import { CONSENT_VERSION, googleConsent, type ConsentChoice } from "@contract/marketing/consent";
import { pageTags, type BrandTags } from "./tags";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Sends the visitor's answer (the spec's consent fields); the answer's status, 0 when the network failed. */
export async function postConsent(choice: ConsentChoice): Promise<number> {
  const body = { isConsentGiven: true, isAdsAccepted: choice.ads, isAnalyticsAccepted: choice.analytics, consentVersion: CONSENT_VERSION };
  const response = await fetch("/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
  return response?.status ?? 0;
}

/** The tags this document loaded (ConsentMode marks each with data-tag). */
function documentTags(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement>("script[data-tag]")].map((script) => script.dataset.tag ?? "");
}

/**
 * Applies a choice to this page: Google's consent state at once; whether the page's tags must change (a tag to add
 * needs a page whose policy allows it, a withdrawn one can only stop with the page), which only a new load does.
 */
export function applyConsent(choice: ConsentChoice | null, tags: BrandTags) {
  window.gtag?.("consent", "update", googleConsent(choice));
  const wanted: string[] = pageTags(tags, choice);
  const loaded = documentTags();
  return { added: wanted.some((tag) => !loaded.includes(tag)), withdrawn: loaded.some((tag) => !wanted.includes(tag)) };
}
