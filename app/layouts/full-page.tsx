import { Outlet } from "react-router";
import { BrandMark } from "~/components/brand-mark";
import { CookieSettingsLink } from "~/components/consent/cookie-settings-link";
import { LocaleSwitcher } from "~/components/locale-switcher";

/** A page of its own, without the shop's navigation: login and password reset. */
export default function FullPageLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-brand-soft">
      <header className="container-page flex items-center justify-between py-4">
        <BrandMark />
        <LocaleSwitcher />
      </header>
      <main id="main" className="container-page flex grow items-start justify-center py-8">
        <div className="w-full max-w-xl rounded-card bg-surface shadow-sm">
          <Outlet />
        </div>
      </main>
      {/* No shop footer here, but the cookie choice can be changed on every page. */}
      <footer className="container-page py-4 text-sm text-muted">
        <CookieSettingsLink />
      </footer>
    </div>
  );
}
