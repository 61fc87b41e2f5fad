import { z } from "zod";
import { taxIdProblem } from "../api/accounts";
import { contactSchema, type Address } from "../api/checkout";
import { fieldErrorsOf, type FieldErrors } from "../api/field-errors";
import { flagField, permissionsField, type Permission } from "../api/groups";
import type { Brand } from "../brands/brands";
import { checkAddress } from "../checkout/step-rules";

/**
 * The group's company form, checked the same way by the storefront and the product API: the company's name, its tax id
 * by the brand country's rule, a phone and an address by the checkout's rules (each optional, the address whole or not
 * at all), and what new staff start with.
 */
export type GroupConfigInput = {
  companyName: string;
  taxId: string | null;
  phone: string | null;
  address: Address | null;
  staffPermissions: Permission[];
  staffCanMakeOrders: boolean;
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "group.errors.tooLong")
    .optional()
    .transform((value) => value || null);

const configFields = z.object({
  company_name: z.string().trim().min(1, "group.errors.required").max(200, "group.errors.tooLong"),
  tax_id: optionalText(30),
  phone: optionalText(30),
  street: optionalText(200),
  postcode: optionalText(12),
  city: optionalText(100),
  staff_permissions: permissionsField,
  staff_can_make_orders: flagField,
});

/** Every problem at once: the fields' own, and the tax id, phone and address rules on whatever was given. */
export function checkGroupConfig(
  brand: Brand,
  form: Record<string, unknown>,
): { ok: true; value: GroupConfigInput } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = configFields.safeParse({ company_name: "", staff_permissions: "", ...form });
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const text = (field: string) => (typeof form[field] === "string" ? (form[field] as string).trim() : "");
  const taxId = taxIdProblem(brand.country, text("tax_id") || undefined);
  if (taxId) errors.tax_id ??= taxId;
  if (text("phone") && !contactSchema(brand.country).shape.phone.safeParse(text("phone")).success)
    errors.phone ??= "checkout.errors.phone";
  const given = text("street") || text("postcode") || text("city");
  const address = given
    ? checkAddress(brand, { street: text("street"), postcode: text("postcode"), city: text("city") })
    : null;
  if (address && !address.ok)
    for (const [field, message] of Object.entries(address.fieldErrors)) errors[field] ??= message;
  if (!parsed.success || Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  const { company_name, tax_id, phone, staff_permissions, staff_can_make_orders } = parsed.data;
  return {
    ok: true,
    value: {
      companyName: company_name,
      taxId: tax_id,
      phone,
      address: address?.ok ? address.value : null,
      staffPermissions: staff_permissions,
      staffCanMakeOrders: staff_can_make_orders,
    },
  };
}
