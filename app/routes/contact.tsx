import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/contact";
import { contactForm } from "@contract/api/tickets";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { HelpSuggestions, useHelpSuggestions } from "~/components/tickets/help-suggestions";
import { useShell } from "~/components/use-shell";
import { RETRY_AFTER_SECONDS, withinLimits } from "~/lib/auth/rate-limit.server";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { redirectContactIfLogged } from "~/lib/guards/visitor-redirects.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { ticketsApi } from "~/lib/tickets/api.server";

/** A field people never see or fill: whatever fills it is a bot. */
const HONEYPOT = "website";

export function loader(args: Route.LoaderArgs) {
  redirectContactIfLogged(args);
  return { title: translate(args.context, "routes.contact"), path: "/contact" };
}

/** A guest's message to support: a ticket, confirmed on the page and by e-mail. */
export async function action(args: Route.ActionArgs) {
  redirectContactIfLogged(args);
  const values = await readForm(args);
  // A bot is told it worked, and nothing is sent.
  if (values[HONEYPOT]) return { sent: { publicId: null, email: null } };
  const parsed = parseForm(contactForm, values);
  if (!parsed.ok) return refuse(values, parsed.fieldErrors);
  if (!(await withinLimits(args.context, args.request, "contact", parsed.value.email))) {
    return refuse(values, {}, "auth.errors.rateLimited", 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  const opened = await ticketsApi(args.context).fromContactForm(parsed.value, new URL(args.request.url).origin);
  if (!opened.ok) return refuse(values, opened.fieldErrors);
  return { sent: { publicId: opened.ticket.publicId, email: opened.ticket.email } };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const navigation = useNavigation();
  const refusal = refusalOf(actionData);
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const { onInput, items } = useHelpSuggestions(["message"]);
  if (sent) {
    return (
      <div className="container-page max-w-2xl py-10">
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <div role="status" className="mt-6 rounded-card border-2 border-brand bg-brand-soft p-5" data-testid="contact-sent">
          <h2 className="text-xl font-bold">{t("contact.sent.title")}</h2>
          {sent.publicId ? <p className="mt-2">{t("contact.sent.number", { publicId: sent.publicId })}</p> : null}
          <p className="mt-2">{sent.email ? t("contact.sent.email", { email: sent.email }) : t("contact.sent.byEmail")}</p>
        </div>
        <p className="mt-6 flex flex-wrap gap-3">
          <Link to={to("/")} className="button-primary">{t("page.backHome")}</Link>
          <Link to={to("/help-center")} className="button-secondary">{t("nav.helpCenter")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">
        {t("contact.intro")} <Link to={to("/help-center")} className="font-semibold text-brand-strong">{t("contact.helpCenter")}</Link>
      </p>
      <p className="mt-2 text-muted">
        {t("contact.account")}{" "}
        <Link to={to(`/login?redirectTo=${encodeURIComponent("/accounts/tickets?new=1")}`)} className="font-semibold text-brand-strong">{t("contact.signIn")}</Link>
      </p>
      <FormAlert form="contact" refusal={refusal} fixFieldsMessage="tickets.errors.fixErrors" />
      <Form method="post" noValidate onInput={onInput} className="mt-6 space-y-4 rounded-card border border-line bg-surface p-5" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="text-xl font-bold">{t("contact.form.title")}</h2>
        <TextField form="contact" name="name" autoComplete="name" label={t("contact.form.name")} defaultValue={refusal?.values.name ?? ""} error={refusal?.fieldErrors.name} required />
        <TextField form="contact" name="email" type="email" autoComplete="email" inputMode="email" label={t("contact.form.email")}
          hint={t("contact.form.emailHint")} defaultValue={refusal?.values.email ?? ""} error={refusal?.fieldErrors.email} required />
        <TextField form="contact" name="order_public_id" autoComplete="off" label={t("tickets.form.order")} hint={t("tickets.form.orderHint")}
          defaultValue={refusal?.values.order_public_id ?? ""} error={refusal?.fieldErrors.order_public_id} optional />
        <TextField rows={6} form="contact" name="message" label={t("tickets.form.message")} hint={t("tickets.form.messageHint")}
          defaultValue={refusal?.values.message ?? ""} error={refusal?.fieldErrors.message} required />
        <HelpSuggestions items={items} />
        <div className="hidden" aria-hidden="true">
          <label htmlFor="contact-website">{t("contact.form.leaveEmpty")}</label>
          <input id="contact-website" name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <SubmitButton busy={navigation.state !== "idle"} className="w-full tablet:w-auto">{t("contact.form.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
