import { Link } from "./link";
import { useShell } from "./use-shell";

/** A page whose feature is still being built: its real heading, a word on what is coming, and ways onward. */
export function UpcomingPage({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t, to } = useShell();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{title}</h1>
      {children}
      <p className="mt-4 max-w-2xl text-muted">{t("page.comingSoon")}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to={to("/")} className="button-primary">
          {t("page.backHome")}
        </Link>
        <Link to={to("/help-center")} className="button-secondary">
          {t("nav.helpCenter")}
        </Link>
      </p>
    </div>
  );
}
