import { z } from "zod";
import { emailChangeParams, profileFieldsSchema, type Profile } from "@contract/api/profile";
import { isStrongEnough } from "@contract/rules/password";
import { accountsApi } from "~/lib/accounts/api.server";
import { customerOf, signOut } from "~/lib/auth/session-customer.server";
import { dateField, parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { type GuardArgs, localRedirect } from "~/lib/guards/redirect.server";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { subscribeToNewsletter } from "~/lib/newsletter/subscribe.server";
import { brandContext, customerContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";

const passwordForm = z.object({
  current_password: z.string().min(1, "auth.errors.required").max(200),
  password: z.string().min(1, "auth.errors.required").max(200, "auth.errors.tooLong"),
});
const newsletterForm = z.object({ newsletter: z.enum(["subscribe", "unsubscribe"]) });
export type Section = "details" | "email" | "password" | "address" | "newsletter" | "delete";

/**
 * The profile page's action (app/routes/accounts/profile.tsx). Each section is its own form (`intent`); a refusal names
 * its section so only that form shows the errors.
 */
export async function profileAction(args: GuardArgs) {
  const { request, context } = args;
  const values = await readForm(args);
  const echo = { ...values, current_password: "", password: "" };
  const accounts = accountsApi(context);
  const me = context.get(customerContext);
  const session = context.get(sessionContext);
  const brand = context.get(brandContext);
  /** Which section's form went through, and what the page says about it. */
  const saved = (section: Section, message = `profile.saved.${section}`) => ({ saved: section, message });
  const refused = (fieldErrors: Record<string, string>) => refuse(echo, fieldErrors, "auth.errors.fixErrors");
  /** What the session shows of the account (its name in the header, its e-mail) follows the profile. */
  const remember = (profile: Profile) => session.update({ customer: customerOf(profile) });

  switch (values.intent as Section) {
    case "details": {
      // The birth date comes as day, month and year: one incomplete or impossible is refused, and nothing is saved.
      const birthDate = dateField(values, "birth_date");
      const details = { ...values, birth_date: birthDate.ok ? birthDate.value : "" };
      const parsed = parseForm(profileFieldsSchema(brand.country), details);
      if (!parsed.ok || !birthDate.ok)
        return refused({
          ...(parsed.ok ? {} : parsed.fieldErrors),
          ...(birthDate.ok ? {} : { birth_date: birthDate.error }),
        });
      const result = await accounts.updateProfile(me.id, details);
      if (!result.ok) return refused(result.fieldErrors);
      remember(result.value);
      return saved("details");
    }
    case "email": {
      const parsed = parseForm(emailChangeParams.omit({ site: true }), values);
      if (!parsed.ok) return refused(parsed.fieldErrors);
      const result = await accounts.changeEmail(me.id, parsed.value.email, parsed.value.current_password);
      if (!result.ok) return refused(result.fieldErrors);
      remember(result.value);
      return saved("email");
    }
    case "password": {
      const parsed = parseForm(passwordForm, values);
      if (!parsed.ok) return refused(parsed.fieldErrors);
      if (!isStrongEnough(parsed.value.password, [me.email, me.firstName, me.lastName]))
        return refused({ password: "auth.errors.weakPassword" });
      const result = await accounts.changePassword(
        me.id,
        parsed.value.current_password,
        parsed.value.password,
        pageUrl(request).origin,
      );
      if (!result.ok) return refused(result.fieldErrors);
      // Whoever knew the old password is signed out everywhere else; this browser stays, under a new session id.
      session.rotate();
      await session.endOtherSessionsOf(me.id);
      return saved("password");
    }
    case "address": {
      const result = await accounts.saveAddress(me.id, values.clear ? null : values);
      if (!result.ok) return refused(result.fieldErrors);
      // Forgetting the address says so: "saved" would tell the shopper checkout still fills it in.
      return values.clear ? saved("address", "profile.saved.addressForgotten") : saved("address");
    }
    case "newsletter": {
      const parsed = parseForm(newsletterForm, values);
      if (!parsed.ok) return refused(parsed.fieldErrors);
      if (parsed.value.newsletter === "subscribe") await subscribeToNewsletter(context, request, me.email);
      else await catalogueApi(context).unsubscribe(me.email);
      return saved("newsletter");
    }
    case "delete": {
      const result = await accounts.deleteAccount(me.id, values.current_password ?? "", values.confirm ?? "");
      if (!result.ok) return refused(result.fieldErrors);
      await session.endOtherSessionsOf(me.id);
      signOut(context);
      throw localRedirect(context, "/login?error=AccountDeleted", 303);
    }
    default:
      return refuse(echo, {}, "forms.unknownAction", 400);
  }
}
