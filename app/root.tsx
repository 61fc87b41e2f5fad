import { useTranslation } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { BuildWatcher } from "./components/build-watcher";
import { ErrorScreen, errorTitle } from "./components/error-screen";
import { PageEvents } from "./components/page-events";
import { brandLocales } from "@contract/brands/brands";
import { cartSummary } from "./lib/cart/current.server";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "./lib/context";
import { translationUrl } from "./lib/i18n/client";
import { i18nextMiddleware } from "./lib/i18n/i18next.server";
import { LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { localeMiddleware, requestMiddleware } from "./lib/middleware.server";

export const middleware = [requestMiddleware, localeMiddleware, i18nextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = context.get(brandContext);
  const locale = context.get(localeContext);
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
      theme: brand.theme,
      currency: brand.currency,
      decimals: brand.decimals,
      defaultLocale: brand.defaultLocale,
      locales: brandLocales(brand),
      paymentMethods: brand.paymentMethods,
      carriers: brand.carriers,
      designCreator: brand.features.designCreator,
    },
    locale,
    origin: new URL(request.url).origin,
    cartCount: cart?.itemCount ?? 0,
    customerName: session.customer?.firstName ?? null,
    consentGiven: session.isConsentGiven,
    clientApiRequests: context.get(requestInfoContext).config.clientApiRequests,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const locale = root?.locale ?? i18n.language ?? "en";
  return (
    <html lang={LOCALE_TAGS[locale as Locale] ?? locale} data-locale={locale} data-theme={root?.brand.theme ?? "wpx"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="build-id" content={__BUILD_ID__} />
        <link rel="icon" href={root?.brand.theme === "tz" ? "/favicon-tz.svg" : "/favicon.svg"} type="image/svg+xml" />
        <link rel="preload" as="fetch" crossOrigin="anonymous" href={translationUrl(locale, "general")} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-page text-ink antialiased">
        {children}
        <BuildWatcher />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <PageEvents consentGiven={loaderData.consentGiven} />
    </>
  );
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: errorTitle(error) }] : [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
