import { data, Outlet } from "react-router";
import { NavLink } from "~/components/link";
import type { Route } from "./+types/master-accounts";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useShell } from "~/components/use-shell";
import { csrfToken } from "~/lib/auth/csrf-token.server";
import { customerRequired } from "~/lib/guards/auth.server";
import { customerContext, requestInfoContext } from "~/lib/request/context/keys";

export const middleware = [customerRequired];

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = context.get(customerContext);
  // Signing out is a POST to /api/auth/signout with this visitor's CSRF token.
  const csrf = await csrfToken(request, context.get(requestInfoContext).config.sessionPassword ?? "");
  return data(
    {
      kind: customer.kind,
      groupOwner: customer.kind === "master" && customer.masterId === null,
      permissions: customer.permissions,
      marketer: customer.roles.includes("marketing"),
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      csrfToken: csrf.token,
    },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

const LINKS = [
  ["/accounts/home", "routes.accountsHome", null],
  ["/accounts/profile", "routes.accountsProfile", null],
  ["/accounts/orders", "routes.accountsOrders", "orders"],
  ["/accounts/tickets", "routes.accountsTickets", "tickets"],
  ["/accounts/designs", "routes.accountsDesigns", null],
  ["/accounts/invoices", "routes.accountsInvoices", "companyInvoices"],
  ["/accounts/commissions", "routes.accountsCommissions", "owner"],
  ["/accounts/designs/admin", "routes.accountsDesignsAdmin", "owner"],
  ["/accounts/config", "routes.accountsConfig", "owner"],
  // The shop's marketing dashboard, for accounts with the marketing role (its own layout).
  ["/marketing", "marketing.title", "marketer"],
] as const;

export default function AccountsLayout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  // "owner": the master itself, not its staff (requireGroupOwner); "companyInvoices": a company's account with the
  // invoices permission (the list's guard; a customer opens its invoices from its orders).
  const visible = LINKS.filter(([, , needs]) =>
    needs === null
      ? true
      : needs === "companyInvoices"
        ? loaderData.kind === "master" && loaderData.permissions.includes("invoices")
        : needs === "owner"
          ? loaderData.groupOwner
          : needs === "marketer"
            ? loaderData.marketer
            : loaderData.permissions.includes(needs),
  );
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Printed, an account page (an invoice) is its content alone. */}
      <div className="print:hidden">
        <SiteHeader />
      </div>
      <div className="container-page grid grow gap-8 py-8 desktop:grid-cols-[16rem_1fr] print:block print:py-0">
        <nav
          aria-label={t("accounts.navigation")}
          className="grid grid-cols-[1fr_auto] items-center rounded-card border border-line bg-surface p-2 print:hidden desktop:block desktop:p-3"
          data-testid="accounts-nav"
        >
          <p className="col-start-1 row-start-1 px-2 font-bold desktop:px-3 desktop:pb-2">{loaderData.name}</p>
          {/* A phone shows the pages as wrapping pills (all in view, a few rows) under the name and the sign-out; a
              desktop as a column beside the page, the sign-out last. */}
          <ul className="col-span-2 row-start-2 mt-2 flex flex-wrap gap-1.5 desktop:mt-0 desktop:block desktop:space-y-1">
            {visible.map(([path, key]) => (
              <li key={path}>
                <NavLink
                  to={to(path)}
                  end
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-button border px-3 no-underline ${isActive ? "border-brand bg-brand text-on-brand" : "border-line text-ink hover:bg-brand-soft desktop:border-transparent"}`
                  }
                >
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <form
            method="post"
            action="/api/auth/signout"
            className="col-start-2 row-start-1 desktop:mt-2 desktop:border-t desktop:border-line desktop:pt-2"
          >
            <input type="hidden" name="csrfToken" value={loaderData.csrfToken} />
            <input type="hidden" name="callbackUrl" value={to("/")} />
            <button
              type="submit"
              className="block min-h-11 rounded-button px-3 text-left font-semibold text-brand-strong hover:bg-brand-soft desktop:w-full desktop:font-normal desktop:text-ink"
              data-testid="sign-out"
            >
              {t("auth.signOut")}
            </button>
          </form>
        </nav>
        {/* min-w-0: a wide table scrolls inside the page instead of widening it on a phone. */}
        <main id="main" className="min-w-0">
          <Outlet />
        </main>
      </div>
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </div>
  );
}
