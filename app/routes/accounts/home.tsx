import { Link } from "~/components/link";
import type { Route } from "./+types/home";
import type { AccountOrder } from "@contract/api/account-orders";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { TicketStatusBadge, useTicketDate } from "~/components/tickets/ticket-status";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { RefusalAlert } from "~/components/accounts/refusal-alert";
import { overviewRead } from "~/lib/accounts/api.server";
import { isAccountRefusal } from "~/lib/guards/auth.server";
import { pageData } from "~/lib/accounts/page-read.server";
import { translate } from "~/lib/i18n/translate.server";
import { customerContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";
import { startsEarly } from "~/lib/speed/early-reads.server";
import { formatDate } from "~/lib/tracking/timeline";

// Its one read starts with the account check (docs/decisions/0030).
export const middleware = [startsEarly(overviewRead)];

/**
 * The account's front page: a greeting, where its latest orders stand, its open tickets, its designs, and shortcuts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = context.get(customerContext);
  // One call: each part as the account may see it (a part without its permission is null).
  const { orders, tickets, designs } = await pageData(overviewRead, { request, context });
  const { searchParams } = pageUrl(request);
  const notice = searchParams.get("notice");
  const refused = searchParams.get("refused");
  return {
    title: translate(context, "routes.accountsHome"),
    noindex: true,
    firstName: customer.firstName,
    notice: notice === "passwordChanged" ? ("accountHome.passwordChanged" as const) : null,
    /** The page this account was just sent away from, and why (the guards of app/lib/guards/auth.server.ts). */
    refused: isAccountRefusal(refused) ? (`accountHome.refused.${refused}` as const) : null,
    owner: customer.kind === "master" && !customer.masterId,
    marketer: customer.roles.includes("marketing"),
    orders,
    tickets,
    designs,
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function Panel({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`home-${id}`}
      className="flex flex-col rounded-card border border-line bg-surface p-5"
      data-testid={`home-${id}`}
    >
      <h2 id={`home-${id}`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 grow">{children}</div>
      <Link to={link.to} className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-strong">
        {link.label}
      </Link>
    </section>
  );
}

function LatestOrder({ order }: { order: AccountOrder }) {
  const { t, to, locale, root } = useShell();
  const money = useMoney();
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line py-2 last:border-b-0">
      <span>
        <Link to={to(`/tracking/${order.publicId}`)} className="font-semibold">
          {t("accountOrders.order.number", { publicId: order.publicId })}
        </Link>
        <span className="block text-sm text-muted">
          {formatDate(order.createdAt, LOCALE_TAGS[locale], root?.brand.country ?? "")} ·{" "}
          {t(`tracking.status.${order.statusCode}.label`)}
        </span>
      </span>
      <span className="font-semibold">{money(order.total)}</span>
    </li>
  );
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const ticketDate = useTicketDate();
  const { orders, tickets, designs } = loaderData;
  const shortcuts = [
    // The shop's marketer works in the marketing dashboard (docs/decisions/0034).
    ...(loaderData.marketer ? [["/marketing", "marketing.title"]] : []),
    ["/accounts/profile", "accountHome.shortcuts.profile"],
    ...(tickets ? [["/accounts/tickets?new=1", "accountHome.shortcuts.newTicket"]] : []),
    ["/help-center", "accountHome.shortcuts.help"],
    ["/", "accountHome.shortcuts.shop"],
    ...(loaderData.owner
      ? [
          ["/accounts/config", "accountHome.shortcuts.config"],
          ["/accounts/commissions", "accountHome.shortcuts.commissions"],
        ]
      : []),
  ] as const;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tablet:text-4xl">
          {t("accountHome.greeting", { name: loaderData.firstName })}
        </h1>
        <p className="mt-2 text-muted">{t("accountHome.intro")}</p>
      </div>
      {loaderData.refused ? <RefusalAlert message={t(loaderData.refused)} /> : null}
      {loaderData.notice ? (
        <p role="status" className="rounded-card bg-brand-soft p-4 font-semibold" data-testid="home-notice">
          {t(loaderData.notice)}
        </p>
      ) : null}

      <div className="grid gap-6 desktop:grid-cols-2">
        {orders ? (
          <Panel
            id="orders"
            title={t("accountHome.orders.title")}
            link={{ to: to("/accounts/orders"), label: t("accountHome.orders.all", { count: orders.total }) }}
          >
            {orders.items.length ? (
              <ul>
                {orders.items.map((order) => (
                  <LatestOrder key={order.publicId} order={order} />
                ))}
              </ul>
            ) : (
              <p className="text-muted">{t("accountHome.orders.none")}</p>
            )}
          </Panel>
        ) : null}
        {tickets ? (
          <Panel
            id="tickets"
            title={t("accountHome.tickets.title")}
            link={{ to: to("/accounts/tickets"), label: t("accountHome.tickets.all") }}
          >
            <p className="mb-2">{t("accountHome.tickets.open", { count: tickets.open })}</p>
            {tickets.items.length ? (
              <ul>
                {tickets.items.map((ticket) => (
                  <li
                    key={ticket.publicId}
                    className="flex flex-wrap items-center justify-between gap-2 border-b border-line py-2 last:border-b-0"
                  >
                    <span>
                      <Link to={to(`/accounts/tickets/${ticket.publicId}`)} className="font-semibold">
                        {ticket.subject}
                      </Link>
                      <span className="block text-sm text-muted">
                        {ticket.publicId} · {ticketDate(ticket.updatedAt)}
                      </span>
                    </span>
                    <TicketStatusBadge status={ticket.status} />
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>
        ) : null}
        <Panel
          id="designs"
          title={t("accountHome.designs.title")}
          link={{ to: to("/accounts/designs"), label: t("accountHome.designs.all", { count: designs.total }) }}
        >
          {designs.items.length ? (
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4">
              {designs.items.map((design) => (
                <li key={design.id}>
                  <img
                    src={design.image}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-card bg-page object-cover"
                  />
                  <p className="mt-1 text-sm font-semibold">{design.name}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t("accountHome.designs.none")}</p>
          )}
        </Panel>
        <section
          aria-labelledby="home-shortcuts"
          className="rounded-card border border-line bg-surface p-5"
          data-testid="home-shortcuts"
        >
          <h2 id="home-shortcuts" className="text-xl font-bold">
            {t("accountHome.shortcuts.title")}
          </h2>
          <ul className="mt-3 grid gap-2 tablet:grid-cols-2">
            {shortcuts.map(([path, key]) => (
              <li key={path}>
                <Link to={to(path)} className="button-secondary w-full">
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
