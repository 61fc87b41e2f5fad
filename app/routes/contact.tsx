import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/contact";
import { quoteDeadlineRange, quoteForm } from "@contract/api/quotes";
import { contactForm } from "@contract/api/tickets";
import { channelsView, ContactChannels } from "~/components/contact/contact-channels";
import { QuoteForm } from "~/components/contact/quote-form";
import { FormAlert, Honeypot, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { HelpSuggestions, useHelpSuggestions } from "~/components/tickets/help-suggestions";
import { useShell } from "~/components/use-shell";
import { RETRY_AFTER_SECONDS, withinLimits } from "~/lib/auth/rate-limit.server";
import { pageNotFound } from "~/lib/errors";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { redirectContactIfLogged } from "~/lib/guards/visitor-redirects.server";
import { translate } from "~/lib/i18n/translate.server";
import { brandContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";
import { ticketsApi } from "~/lib/tickets/api.server";

/** The form's field people never see or fill (components/form/fields.tsx, Honeypot): whatever fills it is a bot. */
const HONEYPOT = "website";

/**
 * Which form the page shows: the message (formContact) or, with `?form=quote`, the quote request
 * (formContactRequestBudget).
 */
const formOf = (request: Request) =>
  pageUrl(request).searchParams.get("form") === "quote"
    ? ("formContactRequestBudget" as const)
    : ("formContact" as const);

export function loader(args: Route.LoaderArgs) {
  redirectContactIfLogged(args);
  const brand = args.context.get(brandContext);
  const form = formOf(args.request);
  // A channel the brand does not offer is no page of it.
  if (!brand.contactChannels.includes(form)) throw pageNotFound(args.request);
  const { min, max } = quoteDeadlineRange();
  return {
    title: translate(args.context, "routes.contact"),
    path: "/contact",
    channels: channelsView(brand),
    form,
    arrangement:
      pageUrl(args.request).searchParams.get("arrangement") === "MANAGED" ? ("MANAGED" as const) : ("SEND" as const),
    deadline: { min, max },
  };
}

/** A guest's message or quote request to support: a ticket, confirmed on the page and by e-mail. */
export async function action(args: Route.ActionArgs) {
  redirectContactIfLogged(args);
  const values = await readForm(args);
  const quote = values.intent === "quote";
  // A bot is told it worked, and nothing is sent.
  if (values[HONEYPOT]) return { sent: { publicId: null, email: null, quote } };
  if (!args.context.get(brandContext).contactChannels.includes(quote ? "formContactRequestBudget" : "formContact")) {
    return refuse(values, {}, "contactChannels.closed", 404);
  }
  const parsed = quote ? parseForm(quoteForm, values) : parseForm(contactForm, values);
  if (!parsed.ok) return refuse(values, parsed.fieldErrors);
  if (!(await withinLimits(args.context, args.request, "contact", parsed.value.email))) {
    return refuse(values, {}, "auth.errors.rateLimited", 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  const origin = new URL(args.request.url).origin;
  const tickets = ticketsApi(args.context);
  const opened =
    "company" in parsed.value
      ? await tickets.quoteFromContactForm(parsed.value, origin)
      : await tickets.fromContactForm(parsed.value, origin);
  if (!opened.ok) return refuse(values, opened.fieldErrors);
  return { sent: { publicId: opened.ticket.publicId, email: opened.ticket.email, quote } };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const refusal = refusalOf(actionData);
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  if (sent) {
    return (
      <div className="container-page max-w-2xl py-10">
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <div
          role="status"
          className="mt-6 rounded-card border-2 border-brand bg-brand-soft p-5"
          data-testid="contact-sent"
        >
          <h2 className="text-xl font-bold">{t("contact.sent.title")}</h2>
          {sent.publicId ? <p className="mt-2">{t("contact.sent.number", { publicId: sent.publicId })}</p> : null}
          <p className="mt-2">
            {sent.email
              ? t(sent.quote ? "quotes.sent.email" : "contact.sent.email", { email: sent.email })
              : t("contact.sent.byEmail")}
          </p>
        </div>
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
  const quote = loaderData.form === "formContactRequestBudget";
  // A refusal of the form this page does not show (posted from elsewhere): said at the top.
  const elsewhere = refusal && (refusal.values.intent === "quote") !== quote ? refusal : undefined;
  return (
    <div className="container-page max-w-4xl space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <p className="mt-2 text-muted">
          {t("contact.account")}{" "}
          <Link
            to={to(
              `/login?redirectTo=${encodeURIComponent(quote ? "/accounts/tickets?new=quote" : "/accounts/tickets?new=1")}`,
            )}
            className="font-semibold text-brand-strong"
          >
            {t("contact.signIn")}
          </Link>
        </p>
      </div>
      <FormAlert form="contact-channel" refusal={elsewhere} />
      <ContactChannels view={loaderData.channels} current={loaderData.form} />
      {quote ? (
        <QuoteForm
          action={to("/contact?form=quote")}
          guest
          refusal={refusal}
          arrangement={loaderData.arrangement}
          minDate={loaderData.deadline.min}
          maxDate={loaderData.deadline.max}
        />
      ) : (
        <MessageForm />
      )}
    </div>
  );
}

/** A guest's message: name, e-mail, an order it is about and the message, with help topics while typing. */
function MessageForm() {
  const { t, to } = useShell();
  const navigation = useNavigation();
  const answer = refusalOf(useActionData());
  const refusal = answer?.values.intent === "quote" ? undefined : answer;
  const { onInput, items } = useHelpSuggestions(["message"]);
  return (
    <section aria-labelledby="contact-form-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="contact-form-title" className="text-xl font-bold">
        {t("contact.form.title")}
      </h2>
      <FormAlert form="contact" refusal={refusal} fixFieldsMessage="tickets.errors.fixErrors" />
      <Form method="post" action={to("/contact")} noValidate onInput={onInput} className="mt-4 space-y-4">
        <TextField
          form="contact"
          name="name"
          autoComplete="name"
          label={t("contact.form.name")}
          defaultValue={refusal?.values.name ?? ""}
          error={refusal?.fieldErrors.name}
          required
        />
        <TextField
          form="contact"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          label={t("contact.form.email")}
          hint={t("contact.form.emailHint")}
          defaultValue={refusal?.values.email ?? ""}
          error={refusal?.fieldErrors.email}
          required
        />
        <TextField
          form="contact"
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
          form="contact"
          name="message"
          label={t("tickets.form.message")}
          hint={t("tickets.form.messageHint")}
          defaultValue={refusal?.values.message ?? ""}
          error={refusal?.fieldErrors.message}
          required
        />
        <HelpSuggestions items={items} />
        <Honeypot form="contact" />
        <SubmitButton busy={navigation.state !== "idle"} className="w-full tablet:w-auto">
          {t("contact.form.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
