import { useLocation } from "react-router";
import { Link } from "./link";
import { LOCALE_NAMES, LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { localizePath, splitLocale } from "@contract/locales/paths";
import { useShell } from "./use-shell";

/** Links to this page in each of the brand's locales; a plain disclosure, so it works without JavaScript. */
export function LocaleSwitcher() {
  const { root, t, locale } = useShell();
  const location = useLocation();
  if (!root) return null;
  const { path } = splitLocale(location.pathname);
  const defaultLocale = root.brand.defaultLocale as Locale;
  return (
    <details className="relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-button px-2 text-sm font-semibold uppercase text-ink hover:bg-brand-soft">
        <span className="sr-only normal-case" data-testid="current-language">
          {t("locale.current", { language: LOCALE_NAMES[locale] })}
        </span>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
        </svg>
        <span aria-hidden="true">{locale}</span>
      </summary>
      <nav
        aria-label={t("locale.switcher")}
        className="absolute right-0 z-20 mt-1 min-w-40 rounded-card border border-line bg-surface p-1 shadow-lg"
      >
        <ul>
          {(root.brand.locales as Locale[]).map((code) => (
            <li key={code}>
              <Link
                to={`${localizePath(path, code, { defaultLocale })}${location.search}`}
                hrefLang={LOCALE_TAGS[code]}
                lang={LOCALE_TAGS[code]}
                aria-current={code === locale ? "true" : undefined}
                reloadDocument
                className="block rounded-button px-3 py-2 text-ink no-underline hover:bg-brand-soft aria-[current]:font-bold"
              >
                {LOCALE_NAMES[code]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
