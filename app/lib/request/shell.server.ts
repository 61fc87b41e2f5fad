import type { RouterContextProvider } from "react-router";
import { brandLocales } from "@contract/brands/brands";
import { cartSummary } from "~/lib/cart/current.server";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "./context";

/** What every page's chrome shows (the root loader's data): the brand, the locale, the cart count and who is in. */
export async function shellData(request: Request, context: Readonly<RouterContextProvider>) {
  const brand = context.get(brandContext);
  const session = context.get(sessionContext).data;
  // The header's count is not worth an error screen: if the product API cannot answer, the page shows without it.
  const cart = await cartSummary(context).catch((error: unknown) => {
    console.error("cart summary for the header failed", error);
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
    },
    locale: context.get(localeContext),
    origin: new URL(request.url).origin,
    cartCount: cart?.itemCount ?? 0,
    customerName: session.customer?.firstName ?? null,
    consentGiven: session.isConsentGiven,
    clientApiRequests: context.get(requestInfoContext).config.clientApiRequests,
  };
}

export type RootData = Awaited<ReturnType<typeof shellData>>;
