import { z } from "zod";
import { isAdult, isDateString } from "../rules/dates";
import { isEmail } from "../rules/email";
import { isValidTaxId } from "../rules/tax-id";
import { PASSWORD_MAX_LENGTH } from "../rules/password";
import { accountSchema } from "./accounts";
import { savedAddressSchema } from "./checkout";
import { CUSTOMER_TYPES } from "./enums";
import { siteParams } from "./params";

/**
 * The profile part of the product API contract: what an account holds beyond who it is (birth date, phone, default
 * address, newsletter), and the changes its owner makes. Field errors are translation keys (`profile.errors.*`,
 * `auth.errors.*`, and the checkout's for the address).
 */

const NEWSLETTER_STATES = ["NONE", "PENDING", "CONFIRMED"] as const;

export const profileSchema = accountSchema.extend({
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  defaultAddress: savedAddressSchema.nullable(),
  /** False for an account that signs in only with another provider: it sets a password by the reset link. */
  hasPassword: z.boolean(),
  newsletter: z.enum(NEWSLETTER_STATES),
});
export type Profile = z.infer<typeof profileSchema>;

const name = z.string().trim().min(1, "auth.errors.required").max(100, "auth.errors.tooLong");
const optional = (schema: z.ZodType<string>) =>
  z
    .union([z.literal("").transform(() => null), schema])
    .optional()
    .transform((value) => value ?? null);

/** The profile's own fields, with the brand country's tax-id rule (as at checkout) and the adult check. */
export function profileFieldsSchema(country: string) {
  return z
    .object({
      first_name: name,
      last_name: name,
      phone: optional(
        z
          .string()
          .trim()
          .regex(/^\+?[0-9 ()-]{6,20}$/, "checkout.errors.phone"),
      ),
      birth_date: optional(
        z
          .string()
          .trim()
          .refine(isDateString, "profile.errors.date")
          .refine((value) => isAdult(value), "profile.errors.adult"),
      ),
      customer_type: z.enum(CUSTOMER_TYPES, { message: "auth.errors.required" }),
      company_name: optional(z.string().trim().max(200, "auth.errors.tooLong")),
      tax_id: optional(z.string().trim().max(30, "auth.errors.tooLong")),
    })
    .superRefine((value, ctx) => {
      if (value.customer_type !== "COMPANY") return;
      if (!value.company_name)
        ctx.addIssue({ code: "custom", path: ["company_name"], message: "auth.errors.required" });
      if (value.tax_id && !isValidTaxId(country, value.tax_id))
        ctx.addIssue({ code: "custom", path: ["tax_id"], message: "auth.errors.taxId" });
    })
    .transform((value) => (value.customer_type === "PERSON" ? { ...value, company_name: null, tax_id: null } : value));
}

/** A call's bounds before the brand's rules: every field a short string. */
const field = z.string().max(300).optional();
export const profileUpdateParams = siteParams.extend({
  first_name: field,
  last_name: field,
  phone: field,
  birth_date: field,
  customer_type: field,
  company_name: field,
  tax_id: field,
});

export const emailChangeParams = siteParams.extend({
  email: z.string().trim().toLowerCase().max(254, "auth.errors.tooLong").refine(isEmail, "auth.errors.email"),
  current_password: z.string().min(1, "auth.errors.required").max(PASSWORD_MAX_LENGTH),
});

/** The default delivery address in the brand's country, as checkout step 2 takes it; `clear` forgets it. */
export const addressUpdateParams = siteParams.extend({
  clear: z.literal("1").optional(),
  street: field,
  streetExtra: field,
  postcode: field,
  city: field,
  province: field,
});

/** Deleting the account: its password when it has one, and the box that says the person understands. */
export const accountDeletionParams = siteParams.extend({
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm: z.literal("on", { message: "profile.errors.confirmDeletion" }),
});
