import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { splitLocale } from "@contract/locales/paths";
import { Link } from "./link";
import { errorStatus } from "./error-status";
import type { ContentBlockView } from "~/lib/catalogue/content-block-view";
import { ContentBlock } from "./content-block";
import { useShell } from "./use-shell";

// The error pages' drawings come with an error page, not in the shell every page loads (the client JS budget). The
// server renders them in place; hydration keeps that markup until the drawing's file has loaded.
const art = () => import("./art/error-art");
const NotFoundArt = lazy(() => art().then((module) => ({ default: module.NotFoundArt })));
const ClientErrorArt = lazy(() => art().then((module) => ({ default: module.ClientErrorArt })));
const ServerErrorArt = lazy(() => art().then((module) => ({ default: module.ServerErrorArt })));
/** Holds the drawing's place (320 × 240) while it loads after a client-side navigation. */
const artPlace = <div className="mx-auto aspect-[4/3] w-full max-w-sm" />;

/** The error's own message (the spec's 'Page Not Found', 'Page not found: {path}'...), shown small for support. */
function errorMessage(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return typeof message === "string" ? message : error.statusText || null;
  }
  return null;
}

/** The error page's content: what happened, the way back, and the error's own message for support. */
export function ErrorContent({ error, block }: { error: unknown; block: ContentBlockView | null }) {
  const { t, to } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const status = errorStatus(error);
  // The home in the page's language: its locale prefix, from the address (an error before the root's loader ran has no
  // brand to ask; the brand's default locale has no prefix).
  const homeOfPage = `/${splitLocale(location.pathname).locale ?? ""}`;

  useEffect(() => {
    // Errors from the server were logged there; an error raised in the browser is reported here.
    if (isRouteErrorResponse(error)) return;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    void fetch("/api/log", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ level: "ERROR", message: `Client error at ${location.pathname}: ${message}` }),
    }).catch(() => undefined);
  }, [error, location.pathname]);

  const body =
    status === 404 ? (
      <>
        <section
          className="container-page grid items-center gap-8 py-12 tablet:grid-cols-2"
          aria-labelledby="error-title"
        >
          <div data-art="404">
            <Suspense fallback={artPlace}>
              <NotFoundArt className="mx-auto h-auto w-full max-w-sm text-ink" />
            </Suspense>
          </div>
          <div>
            <p className="text-sm font-bold uppercase tracking-wide text-brand">{t("errors.status", { status })}</p>
            <h1 id="error-title" className="mt-2 text-3xl font-bold">
              {t("errors.notFoundTitle")}
            </h1>
            <p className="mt-3 text-muted">{t("errors.notFoundText", { path: location.pathname })}</p>
            <p className="mt-6 flex flex-wrap gap-3">
              <Link to={to("/")} className="button-primary">
                {t("errors.backHome")}
              </Link>
              <Link to={to("/contact")} className="button-secondary">
                {t("errors.contact")}
              </Link>
            </p>
            {block ? null : (
              <aside className="mt-8 rounded-card border border-line bg-surface p-5" aria-labelledby="error-help">
                <h2 id="error-help" className="font-bold">
                  {t("errors.notFoundHelp")}
                </h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {(
                    [
                      ["/offers", "nav.offers"],
                      ["/help-center", "nav.helpCenter"],
                      ["/tracking", "nav.tracking"],
                      ["/reviews", "nav.reviews"],
                    ] as const
                  ).map(([path, key]) => (
                    <li key={path}>
                      <Link
                        to={to(path)}
                        className="inline-block rounded-button bg-brand-soft px-3 py-2 text-brand-strong no-underline hover:underline"
                      >
                        {t(key)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </aside>
            )}
          </div>
        </section>
        <ContentBlock block={block} className="container-page pb-12" />
      </>
    ) : (
      <section
        className="container-page grid items-center gap-8 py-12 tablet:grid-cols-2"
        aria-labelledby="error-title"
      >
        <div data-art={status >= 400 && status < 500 ? "400" : "500"}>
          <Suspense fallback={artPlace}>
            {status >= 400 && status < 500 ? (
              <ClientErrorArt className="mx-auto h-auto w-full max-w-sm text-ink" />
            ) : (
              <ServerErrorArt className="mx-auto h-auto w-full max-w-sm text-ink" />
            )}
          </Suspense>
        </div>
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-brand">{t("errors.status", { status })}</p>
          <h1 id="error-title" className="mt-2 text-3xl font-bold">
            {status < 500 ? t("errors.clientErrorTitle") : t("errors.serverErrorTitle")}
          </h1>
          <p className="mt-3 text-muted">{status < 500 ? t("errors.clientErrorText") : t("errors.serverErrorText")}</p>
          <p className="mt-6 flex flex-wrap gap-3">
            <Link to={homeOfPage} className="button-primary" data-testid="error-home">
              {t("errors.backHome")}
            </Link>
            <a
              href={`${location.pathname}${location.search}`}
              className="button-secondary"
              onClick={(event) => {
                event.preventDefault();
                void navigate(`${location.pathname}${location.search}`, { replace: true });
              }}
            >
              {t("errors.refresh")}
            </a>
          </p>
        </div>
      </section>
    );

  const message = errorMessage(error);
  return (
    <>
      {body}
      {message ? (
        <p className="container-page pb-8 text-xs text-muted">
          <code data-testid="error-message">{message}</code>
        </p>
      ) : null}
    </>
  );
}
