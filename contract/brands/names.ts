/** Carriers' and payment methods' own names: brand names, the same in every language. */
export const CARRIER_LABELS: Record<string, string> = {
  CORREOS: "Correos",
  MONDIAL_RELAY: "Mondial Relay",
  DHL_PARCEL: "DHL Parcel",
  GLS: "GLS",
  CHRONOEXPRESS: "Chronoexpress",
  UPS: "UPS",
};

export const PAYMENT_LABELS: Record<string, string> = {
  CARD: "Visa / Mastercard",
  PAYPAL: "PayPal",
  BLIK: "BLIK",
  BIZUM: "Bizum",
  MOBILE_PAY: "MobilePay",
  KLARNA: "Klarna",
  APPLE_PAY: "Apple Pay",
  GOOGLE_PAY: "Google Pay",
  BANK_TRANSFER: "SEPA",
  MULTIBANCO: "Multibanco",
  MB_WAY: "MB WAY",
};
