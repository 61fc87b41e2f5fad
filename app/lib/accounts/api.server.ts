import type { RouterContextProvider } from "react-router";
import { accountOverviewSchema } from "@contract/api/account-overview";
import { accountSchema, currentAccountSchema, passwordTokenSchema } from "@contract/api/accounts";
import { profileSchema } from "@contract/api/profile";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { FieldErrors } from "@contract/api/field-errors";
import { apiCalls } from "~/lib/product-api/calls.server";
import { fieldErrorsOfRefusal, unlessRefused } from "~/lib/product-api/product-api-error";
import { z } from "zod";
import { apiContext, brandContext, customerContext, localeContext } from "~/lib/request/context/keys";
import { accountPageRead } from "./page-read.server";

export type NewAccountForm = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  customer_type: "PERSON" | "COMPANY";
  company_name?: string;
  tax_id?: string;
};

/** The account home's latest orders, open tickets and designs, each as the account may see them (one call). */
export const overviewRead = accountPageRead(({ context }) => ({
  path: "/accounts/overview",
  params: {
    site: context.get(brandContext).slug,
    account_id: context.get(customerContext).id,
    locale: context.get(localeContext),
  },
  schema: accountOverviewSchema,
}));

/** The account calls of the product API (never cached: they are one person's). */
export function accountsApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const site = context.get(brandContext).slug;
  /** Where the e-mails' links lead: this site (its origin), in the visitor's language. */
  const mail = (siteUrl: string) => ({ locale: context.get(localeContext), site_url: siteUrl });
  /** The answer, or the API's field errors (a weak password, a wrong current password, a taken e-mail). */
  const orFieldErrors = async <T>(
    call: Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; fieldErrors: FieldErrors }> => {
    try {
      return { ok: true, value: await call };
    } catch (thrown) {
      const fieldErrors = fieldErrorsOfRefusal(thrown);
      if (fieldErrors) return { ok: false, fieldErrors };
      throw thrown;
    }
  };
  return apiCalls({
    /** The new account, or the API's field errors (an e-mail that has an account, a tax id...). */
    create: (form: NewAccountForm) =>
      orFieldErrors(api.post("/accounts", { ...form, site, locale: context.get(localeContext) }, accountSchema)),
    /** The account these credentials open, or null (the same for an unknown e-mail and a wrong password). */
    credentials: (email: string, password: string) =>
      unlessRefused(
        api.post("/accounts/credentials", { site, email, password }, accountSchema),
        API_ERROR_CODES.invalidCredentials,
        null,
      ),
    /**
     * The account as stored now (its status, kind and permissions) with its open cart's counts, or null when there is
     * none on this site.
     */
    current: (accountId: string) =>
      unlessRefused(
        api.get(`/accounts/${encodeURIComponent(accountId)}`, { site }, currentAccountSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    /** The account of another provider's identity (linked or new), or null when that account may not sign in. */
    identity: (identity: { provider: string; subject: string; email: string; firstName: string; lastName: string }) =>
      unlessRefused(
        api.post(
          "/accounts/identities",
          {
            site,
            provider: identity.provider,
            subject: identity.subject,
            email: identity.email,
            first_name: identity.firstName,
            last_name: identity.lastName,
          },
          accountSchema,
        ),
        API_ERROR_CODES.invalidCredentials,
        null,
      ),
    /** E-mails a reset link when the e-mail has an account that may sign in; says nothing either way. */
    requestPasswordReset: (email: string, siteUrl: string) =>
      api.post("/accounts/password-resets", { site, email, ...mail(siteUrl) }, z.object({ accepted: z.literal(true) })),
    /** Whom an unused reset or invitation link is for, or null for a spent, expired or forged one. */
    passwordToken: (token: string) =>
      unlessRefused(
        api.post("/accounts/password-resets/check", { site, token }, passwordTokenSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    /** Sets the password a link allows: the account, its field errors, or null when the link is spent. */
    resetPassword: (token: string, password: string, siteUrl: string) =>
      unlessRefused(
        orFieldErrors(
          api.post("/accounts/password-resets/complete", { site, token, password, ...mail(siteUrl) }, accountSchema),
        ),
        API_ERROR_CODES.notFound,
        null,
      ),
    changePassword: (accountId: string, currentPassword: string, password: string, siteUrl: string) =>
      orFieldErrors(
        api.post(
          `/accounts/${encodeURIComponent(accountId)}/password`,
          { site, current_password: currentPassword, password, ...mail(siteUrl) },
          accountSchema,
        ),
      ),
    /** The account's profile, or null when it is no longer an active account of this site. */
    profile: (accountId: string) =>
      unlessRefused(
        api.get(`/accounts/${encodeURIComponent(accountId)}/profile`, { site }, profileSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    updateProfile: (accountId: string, form: Record<string, string>) =>
      orFieldErrors(api.post(`/accounts/${encodeURIComponent(accountId)}/profile`, { ...form, site }, profileSchema)),
    changeEmail: (accountId: string, email: string, currentPassword: string) =>
      orFieldErrors(
        api.post(
          `/accounts/${encodeURIComponent(accountId)}/email`,
          { site, email, current_password: currentPassword },
          profileSchema,
        ),
      ),
    /** The default delivery address, or null to forget it. */
    saveAddress: (accountId: string, address: Record<string, string> | null) =>
      orFieldErrors(
        api.post(
          `/accounts/${encodeURIComponent(accountId)}/address`,
          { ...(address ?? { clear: "1" }), site },
          profileSchema,
        ),
      ),
    deleteAccount: (accountId: string, currentPassword: string, confirm: string) =>
      orFieldErrors(
        api.post(
          `/accounts/${encodeURIComponent(accountId)}/delete`,
          { site, current_password: currentPassword, confirm },
          z.object({ deleted: z.literal(true) }),
        ),
      ),
  });
}
