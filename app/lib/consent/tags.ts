import type { Brand } from "@contract/brands/brands";
import type { ConsentChoice } from "@contract/marketing/consent";

/**
 * The marketing tags a brand may use and the consent each needs (docs/decisions/0024). Zod-free: the page's head and
 * the worker's Content-Security-Policy both read it, so a page names exactly the origins of the tags it loads.
 */
export type BrandTags = Brand["tags"];
export type TagName = keyof BrandTags;

/**
 * GA4 measures visits (analytics); push notifications re-engage for marketing (ads); the review badge's vendor counts
 * its views (analytics).
 */
export const TAG_CONSENT: Record<TagName, keyof ConsentChoice> = {
  ga4: "analytics",
  pushNotifications: "ads",
  reviewBadge: "analytics",
};

const GTAG_ORIGIN = "https://www.googletagmanager.com";

/** The tags a page loads: those the brand uses that the visitor's choice allows; none before a choice. */
export function pageTags(tags: BrandTags, consent: ConsentChoice | null): TagName[] {
  return (Object.keys(TAG_CONSENT) as TagName[]).filter(
    (tag) => tags[tag] !== null && consent?.[TAG_CONSENT[tag]] === true,
  );
}

/** The script a tag loads. */
export function tagScript(tags: BrandTags, tag: TagName): string {
  return tag === "ga4" ? `${GTAG_ORIGIN}/gtag/js?id=${tags.ga4}` : tags[tag]!;
}

export type TagSources = { script: string[]; connect: string[]; img: string[]; frame: string[] };

/** What the Content-Security-Policy must add for these tags: GA4's documented origins, each vendor's own origin. */
export function tagSources(tags: BrandTags, loaded: TagName[]): TagSources {
  const sources: TagSources = { script: [], connect: [], img: [], frame: [] };
  for (const tag of loaded) {
    if (tag === "ga4") {
      sources.script.push(GTAG_ORIGIN);
      sources.connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", GTAG_ORIGIN);
      sources.img.push("https://*.google-analytics.com", GTAG_ORIGIN);
    } else {
      const origin = new URL(tags[tag]!).origin;
      sources.script.push(origin);
      sources.connect.push(origin);
      sources.img.push(origin);
      // The review badge draws itself in the vendor's frame.
      if (tag === "reviewBadge") sources.frame.push(origin);
    }
  }
  return sources;
}

/**
 * The query parameter of a page opened to start the chat: only such a page allows the chat provider
 * (docs/decisions/0039).
 */
export const CHAT_START_PARAM = "chat";

/**
 * What the Content-Security-Policy adds on a page opened to start the chat: the script's own origin, and the
 * provider's domain (its subdomains, over https and wss) for its connections, pictures and frames.
 */
export function chatSources(chat: NonNullable<Brand["chat"]>): TagSources {
  const script = new URL(chat.script);
  const domain = script.hostname.split(".").slice(-2).join(".");
  const any = `https://*.${domain}`;
  return { script: [script.origin], connect: [any, `wss://*.${domain}`], img: [any], frame: [any] };
}
