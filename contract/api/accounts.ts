import { z } from "zod";
import { isEmail } from "../rules/email";
import { isValidTaxId } from "../rules/tax-id";
import { isStrongEnough, PASSWORD_MAX_LENGTH } from "../rules/password";
import { cartSummarySchema } from "./cart";
import { ACCOUNT_KINDS, ACCOUNT_PERMISSIONS, ACCOUNT_ROLES, ACCOUNT_STATUSES, CUSTOMER_TYPES } from "./enums";
import { LOCALES } from "../locales/locales";
import { customerIdParam, localeParam, siteParams, siteUrlParam } from "./params";

/**
 * The accounts part of the product API contract: creating an account, checking its credentials, signing in with
 * another provider (OpenID Connect), and the account as the API shows it (never its password).
 */

export const accountSchema = z.object({
  id: z.string(),
  site: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  companyName: z.string().nullable(),
  taxId: z.string().nullable(),
  kind: z.enum(ACCOUNT_KINDS),
  /** The master account a staff sub-account belongs to. */
  masterId: z.string().nullable(),
  permissions: z.array(z.enum(ACCOUNT_PERMISSIONS)),
  /** The shop's staff roles (docs/decisions/0027); an upstream API that does not know them sends none. */
  roles: z.array(z.enum(ACCOUNT_ROLES)).default([]),
  canMakeOrders: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** The account as a signed-in page reads it again (GET /accounts/:id): with its open cart's counts, for the header. */
export const currentAccountSchema = accountSchema.extend({ openCart: cartSummarySchema.nullable() });
export type CurrentAccount = z.infer<typeof currentAccountSchema>;

const email = z.string().trim().toLowerCase().max(254, "auth.errors.tooLong").refine(isEmail, "auth.errors.email");
const name = z.string().trim().min(1, "auth.errors.required").max(100, "auth.errors.tooLong");

/** A new account: the password must be strong enough and not made of the e-mail or the name. */
export const newAccountParams = siteParams
  .extend({
    locale: localeParam,
    email,
    password: z.string().max(PASSWORD_MAX_LENGTH, "auth.errors.tooLong"),
    first_name: name,
    last_name: name,
    customer_type: z.enum(CUSTOMER_TYPES, { message: "auth.errors.required" }),
    company_name: z
      .string()
      .trim()
      .max(200, "auth.errors.tooLong")
      .optional()
      .transform((value) => value || undefined),
    tax_id: z
      .string()
      .trim()
      .max(30, "auth.errors.tooLong")
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (!isStrongEnough(value.password, [value.email, value.first_name, value.last_name])) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "auth.errors.weakPassword" });
    }
    if (value.customer_type === "COMPANY" && !value.company_name)
      ctx.addIssue({ code: "custom", path: ["company_name"], message: "auth.errors.required" });
  });

/**
 * E-mail and password, checked by the API: the same answer, in the same time, whether or not the e-mail has an account.
 */
export const credentialsParams = siteParams.extend({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** A sign-in by another provider: its subject (its id for the person) and what it says of them. */
export const identityParams = siteParams.extend({
  provider: z.string().regex(/^[a-z0-9-]{1,32}$/),
  subject: z.string().min(1).max(255),
  email,
  first_name: z.string().trim().max(100).default(""),
  last_name: z.string().trim().max(100).default(""),
});

export const accountParams = siteParams;

/**
 * Every call about an account's own data names the account acting (the storefront's signed-in customer, never a
 * browser's word): the API decides from it, as stored now, what that account may see and change.
 */
export const actorParams = siteParams.extend({ account_id: customerIdParam });

/**
 * A signed-in page's one read (docs/decisions/0030): with `with_account=1`, the account overview and the account's
 * order list answer with `account` beside their data, the acting account as stored now with its open cart (null when
 * there is none), and their data only when that account is active. The storefront's account check then costs no call.
 */
export const withAccountParams = z.object({ with_account: z.literal("1").optional() });
export const withAccountSchema = z.looseObject({ account: currentAccountSchema.nullable() });

/** A company's tax id, when given, follows the brand country's rule (as at checkout); a translation key, or null. */
export function taxIdProblem(country: string, taxId: string | undefined): string | null {
  return taxId && !isValidTaxId(country, taxId) ? "auth.errors.taxId" : null;
}

/** Asking for a password-reset link: the same answer whether or not the e-mail has an account. */
export const passwordResetRequestParams = siteParams.extend({
  email: z.string().trim().toLowerCase().max(254),
  locale: z.enum(LOCALES),
  site_url: siteUrlParam,
});

/** A reset or invitation link's token: 32 random bytes in hex. */
export const passwordTokenParams = siteParams.extend({ token: z.string().regex(/^[0-9a-f]{64}$/) });

/** Whom an unused link is for, so the page can greet them; an invited staff member chooses a first password. */
export const passwordTokenSchema = z.object({ email: z.string(), firstName: z.string(), invited: z.boolean() });

const newPassword = z.string().min(1, "auth.errors.required").max(PASSWORD_MAX_LENGTH, "auth.errors.tooLong");

/** The new password a link lets the person choose. */
export const passwordResetParams = passwordTokenParams.extend({
  password: newPassword,
  locale: z.enum(LOCALES),
  site_url: siteUrlParam,
});

/** A signed-in account changing its password: the current one proves it is them. */
export const passwordChangeParams = siteParams.extend({
  current_password: z.string().min(1, "auth.errors.required").max(PASSWORD_MAX_LENGTH),
  password: newPassword,
  locale: z.enum(LOCALES),
  site_url: siteUrlParam,
});
