import { Link, NavLink } from "./link";
import { BrandMark } from "./brand-mark";
import { CartIndicator } from "./cart-indicator";
import { LocaleSwitcher } from "./locale-switcher";
import { SearchBox } from "./search-box";
import { useAuthStatus } from "./use-auth-status";
import { useShell } from "./use-shell";

const NAV = [
  ["/", "nav.home"],
  ["/offers", "nav.offers"],
  ["/tags-list", "nav.tags"],
  ["/reviews", "nav.reviews"],
  ["/help-center", "nav.helpCenter"],
  ["/about-us", "nav.aboutUs"],
] as const;

export function SiteHeader() {
  const { root, t, to } = useShell();
  const auth = useAuthStatus();
  const tz = root?.brand.theme === "tz";
  const links = NAV.map(([path, key]) => (
    <li key={path}>
      <NavLink
        to={to(path)}
        end={path === "/"}
        className={({ isActive }) =>
          `block rounded-button px-3 py-2 font-medium no-underline ${isActive ? "bg-brand text-on-brand" : "text-ink hover:bg-brand-soft"}`
        }
      >
        {t(key)}
      </NavLink>
    </li>
  ));
  const tools = (
    <div className="flex items-center gap-1">
      <LocaleSwitcher />
      {/* The shop's marketer's way to its dashboard; a phone has no room for it here: its menu lists it. */}
      {root?.marketer ? (
        <Link
          to={to("/marketing")}
          className="hidden min-h-11 min-w-11 items-center justify-center rounded-button text-ink hover:bg-brand-soft tablet:flex"
          aria-label={t("marketing.title")}
          data-testid="header-marketing"
        >
          <svg
            aria-hidden="true"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />
          </svg>
        </Link>
      ) : null}
      <Link
        to={to(auth.signedIn ? "/accounts/home" : "/login")}
        className="flex min-h-11 min-w-11 items-center justify-center rounded-button text-ink hover:bg-brand-soft"
        aria-label={auth.signedIn ? t("nav.account") : t("nav.login")}
        aria-busy={auth.status === "loading" || undefined}
        data-auth-status={auth.status}
        data-testid="account-link"
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
        </svg>
      </Link>
      <CartIndicator />
    </div>
  );
  return (
    <header className={`relative ${tz ? "border-b-4 border-brand bg-page" : "border-b border-line bg-surface"}`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-surface focus:p-2"
      >
        {t("nav.skipToContent")}
      </a>
      {!tz && <div className="h-1 bg-brand" />}
      <div
        className={`container-page flex items-center justify-between gap-4 py-3 ${tz ? "desktop:flex-col desktop:py-5" : ""}`}
      >
        <details className="tablet:hidden">
          <summary
            className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-button hover:bg-brand-soft"
            aria-label={t("nav.openMenu")}
          >
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </summary>
          <nav
            aria-label={t("nav.main")}
            className="absolute left-0 right-0 z-30 mt-3 border-b border-line bg-surface p-3 shadow-lg"
          >
            <ul className="flex flex-col gap-1">
              {links}
              {root?.marketer ? (
                <li>
                  <Link
                    to={to("/marketing")}
                    className="block rounded-button px-3 py-2 font-medium text-ink no-underline hover:bg-brand-soft"
                    data-testid="menu-marketing"
                  >
                    {t("marketing.title")}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </details>
        <BrandMark />
        {tz ? <div className="desktop:absolute desktop:right-8 desktop:top-5">{tools}</div> : null}
        <nav aria-label={t("nav.main")} className={`hidden tablet:block ${tz ? "desktop:order-last" : "grow"}`}>
          <ul className={`flex flex-wrap items-center gap-1 ${tz ? "justify-center" : ""}`}>{links}</ul>
        </nav>
        {tz ? null : tools}
      </div>
      <div className={`container-page pb-3 ${tz ? "max-w-2xl" : ""}`}>
        <SearchBox />
      </div>
    </header>
  );
}
