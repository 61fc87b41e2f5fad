import { Form, useNavigation } from "react-router";
import { DELIVERY_ARRANGEMENTS } from "@contract/api/enums";
import { FieldError, FormAlert, Honeypot, SubmitButton, TextField } from "~/components/form/fields";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { useShell } from "../use-shell";

/**
 * A company's quote request (docs/decisions/0039): who, what, how many, by when, and whether a carrier takes it
 * (SEND) or the shop arranges the delivery (MANAGED). A guest also gives a name and an e-mail; an account's come
 * from the account. Works without JavaScript; the server checks every field again.
 */
export function QuoteForm({
  action,
  guest,
  refusal,
  arrangement,
  minDate,
  maxDate,
}: {
  action: string;
  guest: boolean;
  refusal: FormRefusal | undefined;
  arrangement: "SEND" | "MANAGED";
  minDate: string;
  maxDate: string;
}) {
  const { t } = useShell();
  const busy = useNavigation().state !== "idle";
  const values = refusal?.values.intent === "quote" ? refusal.values : undefined;
  const errors = values ? refusal!.fieldErrors : {};
  const chosen = values?.arrangement ?? arrangement;
  return (
    <section aria-labelledby="quote-form-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="quote-form-title" className="text-xl font-bold">
        {t("contactChannels.formContactRequestBudget.title")}
      </h2>
      <p className="mt-1 text-muted">{t("quotes.form.intro")}</p>
      <FormAlert form="quote" refusal={values ? refusal : undefined} fixFieldsMessage="tickets.errors.fixErrors" />
      <Form method="post" action={action} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="quote" />
        <TextField
          form="quote"
          name="company"
          autoComplete="organization"
          label={t("checkout.contact.companyName")}
          defaultValue={values?.company ?? ""}
          error={errors.company}
          required
        />
        {guest ? (
          <>
            <TextField
              form="quote"
              name="name"
              autoComplete="name"
              label={t("contact.form.name")}
              defaultValue={values?.name ?? ""}
              error={errors.name}
              required
            />
            <TextField
              form="quote"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label={t("contact.form.email")}
              hint={t("contact.form.emailHint")}
              defaultValue={values?.email ?? ""}
              error={errors.email}
              required
            />
          </>
        ) : null}
        <TextField
          form="quote"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          label={t("checkout.contact.phone")}
          defaultValue={values?.phone ?? ""}
          error={errors.phone}
          optional
        />
        <TextField
          rows={3}
          form="quote"
          name="products"
          label={t("quotes.form.products")}
          defaultValue={values?.products ?? ""}
          error={errors.products}
          required
        />
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            form="quote"
            name="quantity"
            inputMode="numeric"
            label={t("quotes.form.quantity")}
            defaultValue={values?.quantity ?? ""}
            error={errors.quantity}
            required
          />
          <TextField
            form="quote"
            name="deadline"
            type="date"
            min={minDate}
            max={maxDate}
            label={t("quotes.form.deadline")}
            defaultValue={values?.deadline ?? ""}
            error={errors.deadline}
            required
          />
        </div>
        <fieldset
          id="quote-arrangement"
          tabIndex={-1}
          aria-describedby={errors.arrangement ? "quote-arrangement-error" : undefined}
        >
          <legend className="font-semibold">{t("quotes.form.arrangement")}</legend>
          {errors.arrangement ? <FieldError id="quote-arrangement-error" message={errors.arrangement} /> : null}
          <div className="mt-2 grid gap-2 tablet:grid-cols-2">
            {DELIVERY_ARRANGEMENTS.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-button border-2 border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="arrangement"
                  value={option}
                  defaultChecked={chosen === option}
                  className="mt-1 h-5 w-5 shrink-0"
                />
                <span>
                  <span className="block font-semibold">{t(`deliveryArrangements.${option}.name`)}</span>
                  <span className="block text-sm text-muted">{t(`deliveryArrangements.${option}.explanation`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          rows={4}
          form="quote"
          name="message"
          label={t("quotes.form.message")}
          defaultValue={values?.message ?? ""}
          error={errors.message}
          optional
        />
        {guest ? <Honeypot form="quote" /> : null}
        <SubmitButton busy={busy} className="w-full tablet:w-auto">
          {t("quotes.form.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
