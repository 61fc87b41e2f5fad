import type { PaymentMethod } from "./brands";

export const PAYMENT_TYPES = ["BANK_RECEIPT", "TRANSFER", "ONLINE_PREPAID"] as const;
type PaymentType = (typeof PAYMENT_TYPES)[number];

/** How each payment method is paid: online through the provider's page, or offline (a transfer or a bank receipt). */
export function paymentTypeOf(method: PaymentMethod): PaymentType {
  if (method === "BANK_TRANSFER") return "TRANSFER";
  if (method === "MULTIBANCO" || method === "BILLING_ACCOUNT") return "BANK_RECEIPT";
  return "ONLINE_PREPAID";
}
