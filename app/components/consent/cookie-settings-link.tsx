import { useShell } from "../use-shell";

/** Reopens the consent banner (consent-banner.tsx) from any page; without JavaScript by :target. */
export function CookieSettingsLink() {
  const { t } = useShell();
  return (
    <a href="#cookie-settings" className="underline underline-offset-4 hover:text-brand">
      {t("consent.footerLink")}
    </a>
  );
}
