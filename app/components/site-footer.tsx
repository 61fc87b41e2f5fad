import { Link } from "./link";
import { CARRIER_LABELS, PAYMENT_LABELS } from "@contract/brands/names";
import { useAuthStatus } from "./use-auth-status";
import { useShell } from "./use-shell";
import { CookieSettingsLink } from "./consent/cookie-settings-link";

export function SiteFooter() {
  const { root, t, to } = useShell();
  const auth = useAuthStatus();
  const columns = [
    {
      title: t("footer.shop"),
      links: [
        ["/offers", t("nav.offers")],
        ["/tags-list", t("nav.tags")],
        ["/reviews", t("nav.reviews")],
        ["/newsletter", t("nav.newsletter")],
      ],
    },
    {
      title: t("footer.help"),
      links: [
        ["/help-center", t("nav.helpCenter")],
        ["/tracking", t("nav.tracking")],
        ["/contact", t("nav.contact")],
      ],
    },
    {
      title: t("footer.company"),
      links: [
        ["/about-us", t("nav.aboutUs")],
        auth.signedIn ? ["/accounts/home", t("nav.account")] : ["/login", t("nav.login")],
      ],
    },
  ];
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the page's one footer is its contentinfo landmark, which may be named
    <footer aria-label={t("footer.label")} className="mt-16 border-t border-line bg-surface text-sm">
      <div className="container-page grid gap-8 py-10 tablet:grid-cols-2 desktop:grid-cols-4">
        {columns.map((column) => (
          <section key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 id={`footer-${column.title}`} className="mb-3 text-base font-bold">
              {column.title}
            </h2>
            <ul className="space-y-2">
              {column.links.map(([path, label]) => (
                <li key={path}>
                  <Link
                    to={to(path!)}
                    className="text-muted underline-offset-4 hover:text-brand hover:underline"
                    data-auth-status={path === "/accounts/home" || path === "/login" ? auth.status : undefined}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" className="mb-3 text-base font-bold">
            {t("footer.paymentMethods")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {root?.brand.paymentMethods.map((method) => (
              <li
                key={method}
                className="inline-flex items-center gap-1.5 rounded-button border border-line px-2 py-1 text-xs font-semibold text-muted"
              >
                <span className="icon" data-icon={method} />
                {PAYMENT_LABELS[method] ?? method}
              </li>
            ))}
          </ul>
          <h2 className="mb-3 mt-5 text-base font-bold">{t("footer.carriers")}</h2>
          <ul className="flex flex-wrap gap-2">
            {root?.brand.carriers.map((carrier) => (
              <li
                key={carrier}
                className="inline-flex items-center gap-1.5 rounded-button border border-line px-2 py-1 text-xs font-semibold text-muted"
              >
                <span className="icon" data-icon="carrier" />
                {CARRIER_LABELS[carrier] ?? carrier}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-4 text-muted">
          <p>
            {t("footer.rights", { year: new Date().getFullYear(), brand: root?.brand.name ?? "" })}{" "}
            {t("footer.vatNote")}
          </p>
          <CookieSettingsLink />
        </div>
      </div>
    </footer>
  );
}
