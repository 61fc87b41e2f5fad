import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/ticket";
import { ticketPublicId, ticketReplyForm } from "@contract/api/tickets";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { QuoteDetails } from "~/components/tickets/quote-details";
import { TicketStatusBadge, useTicketDate } from "~/components/tickets/ticket-status";
import { useShell } from "~/components/use-shell";
import { pageNotFound } from "~/lib/errors";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { allowAccountsTickets } from "~/lib/guards/auth.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { parseParams } from "~/lib/request/routing/route-params";
import { pageMeta } from "~/lib/seo/meta";
import { ticketsApi } from "~/lib/tickets/api.server";

/** What the page says after the customer's own change, so it is not said again on a reload of another page. */
const DONE = z.enum(["created", "replied", "RESOLVED", "ARCHIVED", "quote8", "quote100"]);
const statusChange = z.enum(["RESOLVED", "ARCHIVED"]);
/** The customer's moves of a quote: accept support's price (8 confirmed) or withdraw the request (100 canceled). */
const quoteChange = z
  .enum(["8", "100"])
  .transform(Number)
  .pipe(z.union([z.literal(8), z.literal(100)]));

export async function loader(args: Route.LoaderArgs) {
  const customer = allowAccountsTickets(args);
  const { ticketId } = parseParams(args.request, { ticketId: ticketPublicId }, args.params);
  const ticket = await ticketsApi(args.context).thread(customer.id, ticketId);
  // Another account's ticket is no page at all: nothing says it exists.
  if (!ticket) throw pageNotFound(args.request);
  return {
    title: translate(args.context, "tickets.thread.title", { publicId: ticket.publicId }),
    noindex: true,
    ticket,
    done: DONE.safeParse(pageUrl(args.request).searchParams.get("done")).data ?? null,
  };
}

/** A reply (which reopens an archived ticket), or a change of status: resolved or archived. */
export async function action(args: Route.ActionArgs) {
  const customer = allowAccountsTickets(args);
  const { ticketId } = parseParams(args.request, { ticketId: ticketPublicId }, args.params);
  const values = await readForm(args);
  const api = ticketsApi(args.context);
  const back = (done: z.infer<typeof DONE>) =>
    localRedirect(args.context, `/accounts/tickets/${ticketId}?done=${done}`, 303);
  if (values.intent === "reply") {
    const parsed = parseForm(ticketReplyForm, values);
    if (!parsed.ok) return refuse(values, parsed.fieldErrors);
    if (!(await api.reply(customer.id, ticketId, parsed.value.message))) throw pageNotFound(args.request);
    throw back("replied");
  }
  if (values.intent === "quote") {
    const move = quoteChange.safeParse(values.status);
    if (!move.success) return refuse(values, {}, "tickets.errors.unknownAction");
    const moved = await api.setQuoteStatus(customer.id, ticketId, move.data);
    if (moved === null) throw pageNotFound(args.request);
    if (moved === "refused") return refuse(values, {}, "quotes.errors.cannotMove", 409);
    throw back(move.data === 8 ? "quote8" : "quote100");
  }
  const status = statusChange.safeParse(values.status);
  if (values.intent !== "status" || !status.success) return refuse(values, {}, "tickets.errors.unknownAction");
  const changed = await api.setStatus(customer.id, ticketId, status.data);
  if (changed === null) throw pageNotFound(args.request);
  if (changed === "archived") return refuse(values, {}, "tickets.errors.archived", 409);
  throw back(status.data);
}

export const meta: Route.MetaFunction = pageMeta;

export default function TicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const date = useTicketDate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const refusal = refusalOf(actionData);
  const { ticket, done } = loaderData;
  const replyRefusal = refusal?.values.intent === "reply" ? refusal : undefined;
  return (
    <div className="space-y-6">
      <p>
        <Link to={to("/accounts/tickets")} className="font-semibold text-brand-strong">
          ← {t("tickets.thread.back")}
        </Link>
      </p>
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand">{loaderData.title}</p>
        <h1 className="break-words text-3xl font-bold">{ticket.subject}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
          <TicketStatusBadge status={ticket.status} />
          <span>{t("tickets.thread.openedOn", { date: date(ticket.createdAt) })}</span>
          {ticket.orderPublicId ? <span>{t("tickets.list.order", { publicId: ticket.orderPublicId })}</span> : null}
        </p>
      </div>

      {done && !refusal ? (
        <p role="status" className="rounded-card bg-brand-soft p-4 font-semibold" data-testid="ticket-notice">
          {done === "created"
            ? t("tickets.thread.created")
            : done === "replied"
              ? t("tickets.thread.replied")
              : t("tickets.thread.statusChanged", {
                  status:
                    done === "quote8"
                      ? t("quotes.status.8")
                      : done === "quote100"
                        ? t("quotes.status.100")
                        : t(`tickets.status.${done}`),
                })}
        </p>
      ) : null}
      <FormAlert form="ticket" refusal={refusal} fixFieldsMessage="tickets.errors.fixErrors" />
      {ticket.quote ? (
        <QuoteDetails
          quote={ticket.quote}
          answered={ticket.messages.some((message) => message.author === "AGENT")}
          busy={busy}
        />
      ) : null}

      <section aria-labelledby="conversation-title">
        <h2 id="conversation-title" className="text-xl font-bold">
          {t("tickets.thread.conversation")}
        </h2>
        <ol className="mt-3 space-y-3" data-testid="messages">
          {ticket.messages.map((message) => (
            <li key={message.id}>
              <article
                aria-label={message.author === "AGENT" ? t("tickets.thread.support") : (message.authorName ?? "")}
                className={`rounded-card border p-4 ${message.author === "AGENT" ? "border-brand bg-brand-soft" : "border-line bg-surface"}`}
                data-testid={`message-${message.author}`}
              >
                <p className="flex flex-wrap justify-between gap-2 text-sm">
                  <strong>{message.author === "AGENT" ? t("tickets.thread.support") : message.authorName}</strong>
                  <time dateTime={message.createdAt} className="text-muted">
                    {date(message.createdAt)}
                  </time>
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words">{message.body}</p>
              </article>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="reply-title" className="rounded-card border border-line bg-surface p-5">
        <h2 id="reply-title" className="text-xl font-bold">
          {t("tickets.thread.reply")}
        </h2>
        {ticket.status === "ARCHIVED" ? <p className="mt-1 text-muted">{t("tickets.thread.replyReopens")}</p> : null}
        {/* A new message starts an empty form (the page stays mounted across a client navigation). */}
        <Form key={ticket.messages.length} method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="reply" />
          <TextField
            rows={4}
            form="reply"
            name="message"
            label={t("tickets.thread.replyLabel")}
            defaultValue={replyRefusal?.values.message ?? ""}
            error={replyRefusal?.fieldErrors.message}
            required
          />
          <SubmitButton busy={busy} className="w-full tablet:w-auto">
            {t("tickets.thread.send")}
          </SubmitButton>
        </Form>
      </section>

      {ticket.status === "ARCHIVED" ? null : (
        <section aria-labelledby="actions-title" className="flex flex-wrap items-center gap-3">
          <h2 id="actions-title" className="sr-only">
            {t("tickets.thread.actions")}
          </h2>
          {ticket.status === "PENDING" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="status" />
              <button
                type="submit"
                name="status"
                value="RESOLVED"
                disabled={busy}
                className="button-secondary"
                data-testid="mark-resolved"
              >
                {t("tickets.thread.markResolved")}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <button
              type="submit"
              name="status"
              value="ARCHIVED"
              disabled={busy}
              className="button-secondary"
              data-testid="archive"
            >
              {t("tickets.thread.archive")}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
