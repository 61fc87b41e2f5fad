import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/tickets";
import { TICKET_STATUSES } from "@contract/api/enums";
import { accountQuoteForm, quoteDeadlineRange } from "@contract/api/quotes";
import { newTicketForm } from "@contract/api/tickets";
import { QuoteForm } from "~/components/contact/quote-form";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { Pagination } from "~/components/pagination";
import { HelpSuggestions, useHelpSuggestions } from "~/components/tickets/help-suggestions";
import { QuoteStatusBadge, TicketStatusBadge, useTicketDate } from "~/components/tickets/ticket-status";
import { useShell } from "~/components/use-shell";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { allowAccountsTickets } from "~/lib/guards/auth.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { brandContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";
import { ticketsApi } from "~/lib/tickets/api.server";

/** What the address asks for: a status filter and a page; anything else shows the first page of all tickets. */
const listQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export async function loader(args: Route.LoaderArgs) {
  const customer = allowAccountsTickets(args);
  const url = pageUrl(args.request);
  const { status, page } = listQuery.parse({
    status: url.searchParams.get("status") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const quotes = args.context.get(brandContext).contactChannels.includes("formContactRequestBudget");
  const asked = url.searchParams.get("new");
  return {
    title: translate(args.context, "routes.accountsTickets"),
    noindex: true,
    list: await ticketsApi(args.context).list(customer.id, status, page),
    status: status ?? null,
    writing:
      asked === "quote" && quotes
        ? ("quote" as const)
        : asked === "1" || asked === "quote"
          ? ("ticket" as const)
          : null,
    /** Whether the brand takes quote requests (the contact channel formContactRequestBudget). */
    quotes,
    deadline: quoteDeadlineRange(),
    arrangement: url.searchParams.get("arrangement") === "MANAGED" ? ("MANAGED" as const) : ("SEND" as const),
    group: customer.kind === "master",
  };
}

/** A new ticket (or quote request) from the signed-in customer; then its page. */
export async function action(args: Route.ActionArgs) {
  const customer = allowAccountsTickets(args);
  const values = await readForm(args);
  const origin = new URL(args.request.url).origin;
  const api = ticketsApi(args.context);
  let opened: Awaited<ReturnType<typeof api.fromAccount>>;
  if (values.intent === "quote") {
    if (!args.context.get(brandContext).contactChannels.includes("formContactRequestBudget"))
      return refuse(values, {}, "contactChannels.closed", 404);
    const parsed = parseForm(accountQuoteForm, values);
    if (!parsed.ok) return refuse(values, parsed.fieldErrors);
    opened = await api.quoteFromAccount(customer.id, parsed.value, origin);
  } else {
    const parsed = parseForm(newTicketForm, values);
    if (!parsed.ok) return refuse(values, parsed.fieldErrors);
    opened = await api.fromAccount(customer.id, parsed.value, origin);
  }
  if (!opened.ok) return refuse(values, opened.fieldErrors);
  throw localRedirect(args.context, `/accounts/tickets/${opened.ticket.publicId}?done=created`, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Tickets({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const date = useTicketDate();
  const refusal = refusalOf(actionData);
  const { list, status, group } = loaderData;
  const writing = refusal ? (refusal.values.intent === "quote" ? "quote" : "ticket") : loaderData.writing;
  const all = list.counts.PENDING + list.counts.RESOLVED + list.counts.ARCHIVED;
  const filters = [
    [null, t("tickets.filters.all"), all] as const,
    ...TICKET_STATUSES.map((code) => [code, t(`tickets.status.${code}`), list.counts[code]] as const),
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{loaderData.title}</h1>
          <p className="mt-1 max-w-2xl text-muted">{t("tickets.intro")}</p>
        </div>
        {writing ? null : (
          <p className="flex flex-wrap gap-3">
            <Link to={to("/accounts/tickets?new=1")} className="button-primary" data-testid="new-ticket">
              {t("tickets.new.button")}
            </Link>
            {loaderData.quotes ? (
              <Link to={to("/accounts/tickets?new=quote")} className="button-secondary" data-testid="new-quote">
                {t("contactChannels.formContactRequestBudget.title")}
              </Link>
            ) : null}
          </p>
        )}
      </div>

      {writing === "ticket" ? <NewTicket refusal={refusal} /> : null}
      {writing === "quote" ? (
        <QuoteForm
          action={to("/accounts/tickets")}
          guest={false}
          refusal={refusal}
          arrangement={loaderData.arrangement}
          minDate={loaderData.deadline.min}
          maxDate={loaderData.deadline.max}
        />
      ) : null}

      <nav aria-label={t("tickets.filters.label")}>
        <ul className="flex flex-wrap gap-2">
          {filters.map(([code, label, count]) => (
            <li key={code ?? "all"}>
              <Link
                to={to(code ? `/accounts/tickets?status=${code}` : "/accounts/tickets")}
                aria-current={code === status ? "page" : undefined}
                className="flex min-h-11 items-center gap-2 rounded-button border-2 border-line px-4 font-semibold no-underline aria-[current]:border-brand aria-[current]:bg-brand aria-[current]:text-on-brand"
                data-testid={`filter-${code ?? "all"}`}
              >
                {label} <span className="rounded-button bg-page px-2 text-sm text-ink">{count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {list.items.length ? (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface" data-testid="tickets">
          {list.items.map((ticket) => (
            <li
              key={ticket.publicId}
              className="flex flex-wrap items-start justify-between gap-3 p-4"
              data-testid="ticket"
            >
              <div className="min-w-0">
                <Link
                  to={to(`/accounts/tickets/${ticket.publicId}`)}
                  className="break-words text-lg font-bold text-brand-strong"
                >
                  {ticket.subject}
                </Link>
                <p className="text-sm text-muted">
                  <span className="whitespace-nowrap">{ticket.publicId}</span>
                  {" · "}
                  {t("tickets.list.lastActivity", { date: date(ticket.updatedAt) })}
                  {ticket.orderPublicId ? <> · {t("tickets.list.order", { publicId: ticket.orderPublicId })}</> : null}
                  {group ? <> · {t("tickets.list.openedBy", { name: ticket.name })}</> : null}
                </p>
                {ticket.lastAuthor === "AGENT" && ticket.status === "RESOLVED" ? (
                  <p className="text-sm font-semibold">{t("tickets.list.supportReplied")}</p>
                ) : null}
              </div>
              <span className="flex flex-wrap gap-2">
                {ticket.quote ? <QuoteStatusBadge status={ticket.quote.status} /> : null}
                <TicketStatusBadge status={ticket.status} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-card border border-line bg-surface p-5 text-muted" data-testid="tickets-empty">
          {t(status ? "tickets.list.emptyFilter" : "tickets.list.empty")}
        </p>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

/** Subject, an order it is about (checked by the API against the orders this account may see) and the message. */
function NewTicket({ refusal }: { refusal: FormRefusal | undefined }) {
  const { t, to } = useShell();
  const navigation = useNavigation();
  const { onInput, items } = useHelpSuggestions(["subject", "message"]);
  return (
    <section aria-labelledby="new-ticket-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="new-ticket-title" className="text-xl font-bold">
        {t("tickets.new.title")}
      </h2>
      <FormAlert form="new-ticket" refusal={refusal} fixFieldsMessage="tickets.errors.fixErrors" />
      <Form method="post" action={to("/accounts/tickets")} noValidate onInput={onInput} className="mt-4 space-y-4">
        <TextField
          form="new-ticket"
          name="subject"
          label={t("tickets.form.subject")}
          defaultValue={refusal?.values.subject ?? ""}
          error={refusal?.fieldErrors.subject}
          required
        />
        <TextField
          form="new-ticket"
          name="order_public_id"
          autoComplete="off"
          label={t("tickets.form.order")}
          hint={t("tickets.form.orderHint")}
          defaultValue={refusal?.values.order_public_id ?? ""}
          error={refusal?.fieldErrors.order_public_id}
          optional
        />
        <TextField
          rows={6}
          form="new-ticket"
          name="message"
          label={t("tickets.form.message")}
          hint={t("tickets.form.messageHint")}
          defaultValue={refusal?.values.message ?? ""}
          error={refusal?.fieldErrors.message}
          required
        />
        <HelpSuggestions items={items} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={navigation.state !== "idle"} className="">
            {t("tickets.new.submit")}
          </SubmitButton>
          <Link to={to("/accounts/tickets")} className="font-semibold text-brand-strong">
            {t("tickets.new.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
