import { z } from "zod";
import { isEmail } from "../rules/email";
import { actorParams } from "./accounts";
import { savedAddressSchema } from "./checkout";
import { ACCOUNT_PERMISSIONS, ACCOUNT_STATUSES, STAFF_STATUS_CHANGES } from "./enums";
import { customerIdParam, siteUrlParam } from "./params";

/**
 * A master account's group, as its owner (the master itself, never one of its staff) manages it: the company's data,
 * the defaults new staff start with, and the staff sub-accounts. Field errors carry translation keys (`group.errors.*`,
 * and the checkout's for the address and phone, the accounts' for the tax id).
 */

export type Permission = (typeof ACCOUNT_PERMISSIONS)[number];

/** The company as the group's config shows it; the commission rate is the shop's to set, shown only. */
export const groupConfigSchema = z.object({
  companyName: z.string(),
  taxId: z.string().nullable(),
  phone: z.string().nullable(),
  address: savedAddressSchema.nullable(),
  staffPermissions: z.array(z.enum(ACCOUNT_PERMISSIONS)),
  staffCanMakeOrders: z.boolean(),
  commissionRate: z.number(),
  updatedAt: z.string().nullable(),
});
export type GroupConfig = z.infer<typeof groupConfigSchema>;

/**
 * Permissions as a form field carries them: a comma-separated list ("orders,tickets"), empty for none; read in the
 * contract's order, each once.
 */
export const permissionsField = z
  .string()
  .max(60, "group.errors.permissions")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ACCOUNT_PERMISSIONS, { message: "group.errors.permissions" })))
  .transform((list) => ACCOUNT_PERMISSIONS.filter((permission) => list.includes(permission)));

/** A yes/no field as forms send it. */
export const flagField = z
  .enum(["true", "false"], { message: "group.errors.required" })
  .transform((value) => value === "true");

/**
 * Reads or saves the group's config; the fields are checked with checkGroupConfig (they depend on the brand's country).
 */
export const groupConfigParams = z.looseObject(actorParams.shape);

const name = z.string().trim().min(1, "group.errors.required").max(100, "group.errors.tooLong");

/** A staff member invited by the owner, as the form and the API take it. */
export const staffInviteFields = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "group.errors.required")
    .max(254, "group.errors.tooLong")
    .refine(isEmail, "group.errors.email"),
  first_name: name,
  last_name: name,
  permissions: permissionsField,
});
/** `site_url` is the storefront's origin, for the invitation's link. */
export const staffInviteParams = actorParams.extend(staffInviteFields.shape).extend({ site_url: siteUrlParam });
export const staffUpdateParams = actorParams.extend({ permissions: permissionsField, can_make_orders: flagField });
export const staffStatusParams = actorParams.extend({ status: z.enum(STAFF_STATUS_CHANGES) });
export const staffInvitationParams = actorParams.extend({ site_url: siteUrlParam });
/** A staff member's id in a path. */
export const staffIdParams = z.object({ id: customerIdParam });

/** A staff sub-account as its master sees it. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  permissions: z.array(z.enum(ACCOUNT_PERMISSIONS)),
  canMakeOrders: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
