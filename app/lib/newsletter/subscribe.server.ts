import type { RouterContextProvider } from "react-router";
import { localizePath } from "@contract/locales/paths";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, localeContext, requestInfoContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { unsubscribeToken } from "./token.server";

/**
 * Subscribes an e-mail by double opt-in (the newsletter page and the profile alike): the API e-mails a confirmation
 * link to /newsletter and a signed unsubscribe link, in the visitor's language. Says whether it was confirmed already.
 */
export async function subscribeToNewsletter(context: Readonly<RouterContextProvider>, request: Request, email: string) {
  const origin = pageUrl(request).origin;
  const brand = context.get(brandContext);
  const locale = context.get(localeContext);
  const token = await unsubscribeToken(context.get(requestInfoContext).config.sessionPassword, brand.slug, email);
  const confirmUrl = `${origin}${localizePath("/newsletter", locale, brand)}`;
  const unsubscribeUrl = `${origin}${localizePath("/unsubscribe", locale, brand)}?email=${encodeURIComponent(email)}&token=${token}`;
  return catalogueApi(context).subscribe(email, confirmUrl, unsubscribeUrl);
}
