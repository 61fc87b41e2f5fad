import { CONSENT_VERSION, googleConsent, type ConsentChoice } from "@contract/marketing/consent";
import { pageTags, type BrandTags } from "./tags";

declare global {
  interface Navigator {
    /** Global Privacy Control (https://privacycg.github.io/gpc-spec/), where the browser has it. */
    globalPrivacyControl?: boolean;
  }
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: ArrayLike<unknown>[];
  }
}

/** Sends the visitor's answer (the spec's consent fields); the answer's status, 0 when the network failed. */
export async function postConsent(choice: ConsentChoice): Promise<number> {
  const body = {
    isConsentGiven: true,
    isAdsAccepted: choice.ads,
    isAnalyticsAccepted: choice.analytics,
    consentVersion: CONSENT_VERSION,
    ...(browserSendsGpc() ? { globalPrivacyControl: true } : {}),
  };
  const response = await fetch("/api/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  return response?.status ?? 0;
}

/** The tags this document loaded (ConsentMode marks each with data-tag). */
function documentTags(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement>("script[data-tag]")].map(
    (script) => script.dataset.tag ?? "",
  );
}

/**
 * Applies a choice to this page: Google's consent state at once; whether the page's tags must change (a tag to add
 * needs a page whose policy allows it, a withdrawn one can only stop with the page), which only a new load does.
 */
export function applyConsent(choice: ConsentChoice | null, tags: BrandTags) {
  const state = googleConsent(choice);
  // The banner applies an answer at once and the page's state follows it moments later: one update, not two.
  if (JSON.stringify(state) !== lastConsentUpdate()) window.gtag?.("consent", "update", state);
  const wanted: string[] = pageTags(tags, choice);
  const loaded = documentTags();
  return { added: wanted.some((tag) => !loaded.includes(tag)), withdrawn: loaded.some((tag) => !wanted.includes(tag)) };
}

/** The state of the page's last Consent Mode update (gtag pushes its arguments), as JSON; null before any. */
function lastConsentUpdate(): string | null {
  const layer = window.dataLayer ?? [];
  for (let index = layer.length - 1; index >= 0; index--) {
    const entry = layer[index];
    if (entry?.[0] === "consent" && entry[1] === "update") return JSON.stringify(entry[2]);
  }
  return null;
}

/** Whether the browser sends Global Privacy Control (its own setting, or an extension's). */
export const browserSendsGpc = () => typeof navigator !== "undefined" && navigator.globalPrivacyControl === true;

/**
 * The visitor's consent id, for Cookie settings to show (docs/decisions/0035); null before any decision or when it
 * cannot be read.
 */
export async function fetchConsentId(): Promise<string | null> {
  const response = await fetch("/api/consent", { headers: { accept: "application/json" } }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => null)) as { consentId?: unknown } | null;
  return typeof body?.consentId === "string" ? body.consentId : null;
}
