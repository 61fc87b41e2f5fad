import { data, Outlet } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/marketing";
import { LocaleSwitcher } from "~/components/locale-switcher";
import { useShell } from "~/components/use-shell";
import { csrfToken } from "~/lib/auth/csrf-token.server";
import { customerRequired } from "~/lib/guards/auth.server";
import { marketerRequired } from "~/lib/guards/marketing.server";
import { customerContext, requestInfoContext } from "~/lib/request/context/keys";

// Login first (a guest goes to /login and comes back), then the role: every page and export of the layout.
export const middleware = [customerRequired, marketerRequired];

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = context.get(customerContext);
  // Signing out is a POST to /api/auth/signout with this visitor's CSRF token.
  const csrf = await csrfToken(request, context.get(requestInfoContext).config.sessionPassword ?? "");
  return data(
    { name: `${customer.firstName} ${customer.lastName}`.trim(), csrfToken: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

/** The marketing dashboard's own layout: a plain, wide frame for data, the same in every brand's look. */
export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-[100rem] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 tablet:px-6">
          <p className="text-lg font-bold">
            <Link to={to("/marketing")} className="text-ink no-underline">
              {t("marketing.title")}
            </Link>
          </p>
          <div className="flex flex-wrap items-center gap-x-1 text-sm">
            <Link
              to={to("/marketing/consent-records")}
              className="flex min-h-11 items-center rounded-button px-2 text-ink hover:bg-brand-soft"
              data-testid="consent-records-link"
            >
              {t("marketing.consentRecordsLink")}
            </Link>
            <span className="px-2 text-muted" data-testid="marketing-account">
              {loaderData.name}
            </span>
            <Link to={to("/")} className="flex min-h-11 items-center rounded-button px-2 text-ink hover:bg-brand-soft">
              {t("marketing.toShop")}
            </Link>
            <LocaleSwitcher />
            <form method="post" action="/api/auth/signout">
              <input type="hidden" name="csrfToken" value={loaderData.csrfToken} />
              <input type="hidden" name="callbackUrl" value={to("/")} />
              <button
                type="submit"
                className="min-h-11 rounded-button px-2 font-semibold text-ink hover:bg-brand-soft"
                data-testid="sign-out"
              >
                {t("auth.signOut")}
              </button>
            </form>
          </div>
        </div>
      </header>
      {/* min-w-0: a wide table scrolls inside its card instead of widening the page on a phone. */}
      <main id="main" className="mx-auto w-full min-w-0 max-w-[100rem] grow px-4 py-6 tablet:px-6">
        <Outlet />
      </main>
    </div>
  );
}
