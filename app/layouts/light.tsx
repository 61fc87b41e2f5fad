import { Outlet } from "react-router";
import { BrandMark } from "~/components/brand-mark";
import { CookieSettingsLink } from "~/components/consent/cookie-settings-link";
import { useShell } from "~/components/use-shell";

/** Checkout: the brand and a reassurance, nothing that leads away from buying. */
export default function LightLayout() {
  const { t } = useShell();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="container-page flex items-center justify-between py-3">
          <BrandMark />
          <p className="flex items-center gap-2 text-sm font-semibold text-muted">
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
            {t("checkout.secure")}
          </p>
        </div>
      </header>
      <main id="main" className="grow">
        <Outlet />
      </main>
      {/* No shop footer here, but the cookie choice can be changed on every page. */}
      <footer className="container-page py-4 text-sm text-muted">
        <CookieSettingsLink />
      </footer>
    </div>
  );
}
