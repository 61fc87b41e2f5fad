import { data, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/master-accounts";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useShell } from "~/components/use-shell";
import { csrfToken } from "~/lib/auth/csrf.server";
import { customerRequired } from "~/lib/guards/auth.server";
import { customerContext, requestInfoContext } from "~/lib/request/context";

export const middleware = [customerRequired];

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = context.get(customerContext);
  // Signing out is a POST to /api/auth/signout with this visitor's CSRF token.
  const csrf = await csrfToken(request, context.get(requestInfoContext).config.sessionPassword ?? "");
  return data(
    { kind: customer.kind, groupOwner: customer.kind === "master" && customer.masterId === null, permissions: customer.permissions, name: `${customer.firstName} ${customer.lastName}`.trim(), csrfToken: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : undefined },
  );
}

const LINKS = [
  ["/accounts/home", "routes.accountsHome", null],
  ["/accounts/profile", "routes.accountsProfile", null],
  ["/accounts/orders", "routes.accountsOrders", "orders"],
  ["/accounts/tickets", "routes.accountsTickets", "tickets"],
  ["/accounts/designs", "routes.accountsDesigns", null],
  ["/accounts/invoices", "routes.accountsInvoices", "master"],
  ["/accounts/commissions", "routes.accountsCommissions", "owner"],
  ["/accounts/designs/admin", "routes.accountsDesignsAdmin", "owner"],
  ["/accounts/config", "routes.accountsConfig", "owner"],
] as const;

export default function AccountsLayout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  // "owner": the master itself, not its staff (requireGroupOwner).
  const visible = LINKS.filter(([, , needs]) =>
    needs === null ? true
    : needs === "master" ? loaderData.kind === "master"
    : needs === "owner" ? loaderData.groupOwner
    : loaderData.permissions.includes(needs),
  );
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Printed, an account page (an invoice) is its content alone. */}
      <div className="print:hidden"><SiteHeader /></div>
      <div className="container-page grid grow gap-8 py-8 desktop:grid-cols-[16rem_1fr] print:block print:py-0">
        <nav aria-label={t("accounts.navigation")} className="rounded-card border border-line bg-surface p-3 print:hidden">
          <p className="px-3 pb-2 font-bold">{loaderData.name}</p>
          <ul className="space-y-1">
            {visible.map(([path, key]) => (
              <li key={path}>
                <NavLink
                  to={to(path)}
                  end
                  className={({ isActive }) =>
                    `block rounded-button px-3 py-2 no-underline ${isActive ? "bg-brand text-on-brand" : "text-ink hover:bg-brand-soft"}`
                  }
                >
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <form method="post" action="/api/auth/signout" className="mt-2 border-t border-line pt-2">
            <input type="hidden" name="csrfToken" value={loaderData.csrfToken} />
            <input type="hidden" name="callbackUrl" value={to("/")} />
            <button type="submit" className="block w-full rounded-button px-3 py-2 text-left text-ink hover:bg-brand-soft" data-testid="sign-out">{t("auth.signOut")}</button>
          </form>
        </nav>
        {/* min-w-0: a wide table scrolls inside the page instead of widening it on a phone. */}
        <main id="main" className="min-w-0">
          <Outlet />
        </main>
      </div>
      <div className="print:hidden"><SiteFooter /></div>
    </div>
  );
}
