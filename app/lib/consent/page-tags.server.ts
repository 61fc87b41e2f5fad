import { resolveBrand } from "~/lib/brand/resolve-brand";
import { requestConsent } from "./consent-cookie.server";
import { CHAT_START_PARAM, chatSources, pageTags, tagSources, type TagSources } from "./tags";

/**
 * The origins a page of this request may load from: its brand's tags that the visitor's consent cookie allows, and its
 * chat provider when the visitor opened the page to start the chat (the request is the visitor's asking).
 */
export function requestTagSources(request: Request, defaultBrand: string): TagSources {
  const brand = resolveBrand(request, defaultBrand);
  const sources = tagSources(brand.tags, pageTags(brand.tags, requestConsent(request)));
  if (!brand.chat || new URL(request.url).searchParams.get(CHAT_START_PARAM) !== "start") return sources;
  const chat = chatSources(brand.chat);
  return {
    script: [...sources.script, ...chat.script],
    connect: [...sources.connect, ...chat.connect],
    img: [...sources.img, ...chat.img],
    frame: [...sources.frame, ...chat.frame],
  };
}
