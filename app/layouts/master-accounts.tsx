import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/master-accounts";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useShell } from "~/components/use-shell";
import { customerRequired } from "~/lib/guards/auth.server";
import { customerContext } from "~/lib/request/context";

export const middleware = [customerRequired];

export function loader({ context }: Route.LoaderArgs) {
  const customer = context.get(customerContext);
  return { kind: customer.kind, permissions: customer.permissions, name: `${customer.firstName} ${customer.lastName}`.trim() };
}

const LINKS = [
  ["/accounts/home", "routes.accountsHome", null],
  ["/accounts/profile", "routes.accountsProfile", null],
  ["/accounts/orders", "routes.accountsOrders", "orders"],
  ["/accounts/tickets", "routes.accountsTickets", "tickets"],
  ["/accounts/designs", "routes.accountsDesigns", null],
  ["/accounts/invoices", "routes.accountsInvoices", "master"],
  ["/accounts/commissions", "routes.accountsCommissions", "master"],
  ["/accounts/designs/admin", "routes.accountsDesignsAdmin", "master"],
  ["/accounts/config", "routes.accountsConfig", "master"],
] as const;

export default function AccountsLayout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const visible = LINKS.filter(([, , needs]) =>
    needs === null ? true : needs === "master" ? loaderData.kind === "master" : loaderData.permissions.includes(needs),
  );
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <div className="container-page grid grow gap-8 py-8 desktop:grid-cols-[16rem_1fr]">
        <nav aria-label={t("accounts.navigation")} className="rounded-card border border-line bg-surface p-3">
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
        </nav>
        <main id="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
