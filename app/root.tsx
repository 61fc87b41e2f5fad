import { lazy, Suspense } from "react";
import { useTranslation } from "~/lib/i18n/translations";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ConsentMode } from "./components/consent/consent-mode";
import { afterPaint } from "./components/after-paint";
import { ErrorScreen, errorTitle } from "./components/error-screen";
import { PageEvents } from "./components/page-events";
import { useRootData } from "./components/use-root-data";
import { LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { localeGate } from "~/lib/request/routing/locale-gate.server";
import { requestMiddleware } from "~/lib/request/middleware/root-middleware.server";
import { shellData } from "~/lib/request/rendering/shell-data.server";

// On every page until answered, rendered by the server; its code loads after the page (the client JS budget).
const ConsentBanner = afterPaint(() =>
  import("./components/consent/consent-banner").then((module) => module.ConsentBanner),
);
// Follows the page (new builds, session refresh, tab sync, GA4 ids, bootstrap config, icons): loads after it, not in
// the shell.
const ClientState = lazy(() => import("./components/client-state").then((module) => ({ default: module.ClientState })));

export const middleware = [requestMiddleware, localeGate];

export function loader({ request, context }: Route.LoaderArgs) {
  return shellData(request, context);
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
        {root && <ConsentMode head={root.consentHead} />}
        <meta name="build-id" content={__BUILD_ID__} />
        <link rel="icon" href={root?.brand.theme === "tz" ? "/favicon-tz.svg" : "/favicon.svg"} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-page text-ink antialiased">
        {root && <ConsentBanner />}
        {children}
        <Suspense fallback={null}>
          <ClientState />
        </Suspense>
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
      <PageEvents analyticsAllowed={loaderData.consentGiven} />
    </>
  );
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: errorTitle(error) }] : [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
