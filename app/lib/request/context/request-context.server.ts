import { RouterContextProvider } from "react-router";
import { brandLocales, type Brand } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import { splitLocale } from "@contract/locales/paths";
import { resolveBrand } from "~/lib/brand/resolve-brand";
import type { RequestLog } from "~/lib/log/request-log.server";
import { requestTranslations } from "~/lib/i18n/translations.server";
import { ProductApiClient } from "~/lib/product-api/client";
import { sessionCookieName } from "~/lib/session/cookie-name";
import { RequestSession } from "~/lib/session/request-session.server";
import { earlyReadsContext, type ReadFirst } from "~/lib/speed/early-reads.server";
import type { AppConfig } from "./config.server";
import { apiContext, brandContext, i18nContext, localeContext, requestInfoContext, sessionContext } from "./keys";
import { pageUrl } from "~/lib/request/routing/page-url";

/**
 * Everything a request's middleware, loaders and actions read, built once before any of them runs: the brand (by host),
 * the locale (by URL prefix), the session (read while the translations are set up), the product API client and the
 * request's facts and logs. Whether the locale prefix is allowed at all is the locale gate's answer
 * (locale-gate.server.ts).
 */
export async function createRequestContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  config: AppConfig,
  nonce: string,
  log: RequestLog,
  /**
   * The routes' early reads, made once per isolate (speed/early-reads.server.ts); none in tests that build a context.
   */
  earlyReads: ReadonlyMap<string, ReadFirst<unknown>> | null = null,
) {
  const url = new URL(request.url);
  const cookieName = sessionCookieName(config.cookieName, url);
  const brand = resolveBrand(request, config.defaultBrand);
  log.brand = brand.slug;
  const locale = localeOf(pageUrl(request).pathname, brand);
  const loadingSession = RequestSession.load(
    request,
    config.sessionProvider,
    {
      password: config.sessionPassword,
      ttlSeconds: config.ttlSeconds,
      skewSeconds: config.skewSeconds,
      kv: env.SESSIONS,
    },
    { name: cookieName, secure: url.protocol === "https:" },
    brand.slug,
  );
  // Both read at once: the session (KV, or the isolate's memory of it) and the locale's strings (once per isolate).
  const [i18n, session] = await Promise.all([requestTranslations(locale, env.ASSETS), loadingSession]);

  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    env,
    config,
    nonce,
    waitUntil: (promise) => ctx.waitUntil(promise),
    isDataRequest: url.pathname.endsWith(".data"),
    log,
  });
  context.set(brandContext, brand);
  context.set(localeContext, locale);
  context.set(i18nContext, i18n);
  context.set(sessionContext, session);
  context.set(earlyReadsContext, earlyReads);
  context.set(
    apiContext,
    new ProductApiClient({
      transport: (apiRequest) => env.API.fetch(apiRequest),
      requestId: log.requestId,
      brand: brand.slug,
      locale,
      extSessionId: session.data.fotiApiClient.extSessionId,
      cookie: withoutCookie(request.headers.get("cookie"), cookieName),
      // Catalogue answers name no visitor (no account, no cart): they are the same for a guest, a shopper with a cart
      // and a signed-in customer, so every render shares them (docs/decisions/0007 addendum, 0020). Calls about a
      // cart, an order or an account name no cache strategy and are never shared.
      cacheable: true,
      clientCallsEnabled: config.clientApiRequests,
      waitUntil: (promise) => ctx.waitUntil(promise),
    }),
  );
  return context;
}

/** The URL prefix's locale when the brand has it, else the brand's default (a refused prefix is the gate's 404). */
function localeOf(pathname: string, brand: Brand): Locale {
  const { locale } = splitLocale(pathname);
  return locale && brandLocales(brand).includes(locale) ? locale : brand.defaultLocale;
}

/** The visitor's cookies for the product API, less the storefront's own session cookie. */
function withoutCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  const kept = header
    .split(";")
    .filter((part) => part.split("=")[0]?.trim() !== name)
    .map((part) => part.trim());
  return kept.length ? kept.join("; ") : null;
}
