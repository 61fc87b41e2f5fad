import { z } from "zod";
import { LOCALES } from "../locales/locales";

export const BRAND_SLUGS = ["WPX-PL", "WPX-ES", "WPX-IT", "WPX-DK", "WPX-FR", "TZ-ES", "WPX-PT", "WPX-CZ"] as const;
export const PAYMENT_METHODS = [
  "CARD", "BANCONTACT", "GIROPAY", "IDEAL", "PAYPAL", "SOFORT", "MOBILE_PAY", "BIZUM", "BANK_TRANSFER", "MULTIBANCO",
  "BLIK", "BILLING_ACCOUNT", "EPS", "SWISH", "TWINT", "TRUSTLY", "APPLE_PAY", "GOOGLE_PAY", "KLARNA", "MB_WAY",
] as const;
export const CARRIERS = ["CORREOS", "MONDIAL_RELAY", "DHL_PARCEL", "GLS", "CHRONOEXPRESS", "UPS"] as const;
export const DELIVERY_TYPES = ["PICKPOINT", "FACTORY_PICKUP", "ADDRESS", "PICKPOINT_CUSTOMER"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type Carrier = (typeof CARRIERS)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const CONTACT_CHANNELS = ["helpCenter", "formContact", "formContactRequestBudget", "chat"] as const;

const topicIds = z.array(z.number().int().positive()).min(1);

export const brandSchema = z.strictObject({
  slug: z.enum(BRAND_SLUGS),
  name: z.string().min(1),
  country: z.string().length(2),
  hosts: z.array(z.string().min(1)).min(1),
  defaultLocale: z.enum(LOCALES),
  extraLocales: z.array(z.enum(LOCALES)).min(1),
  currency: z.string().length(3),
  decimals: z.boolean(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1),
  carriers: z.array(z.enum(CARRIERS)).min(1),
  deliveryTypes: z.array(z.enum(DELIVERY_TYPES)).min(1),
  helpCenterTopics: z.strictObject({
    beforePurchase: topicIds,
    ordersWaiting: topicIds,
    ordersReceived: topicIds,
    orderCompleted: topicIds,
  }),
  contactChannels: z.array(z.enum(CONTACT_CHANNELS)).min(1),
  features: z.strictObject({ designCreator: z.boolean(), products: z.boolean(), clientApiRequests: z.boolean() }),
  theme: z.enum(["wpx", "tz"]),
});

export type Brand = z.infer<typeof brandSchema>;
export type BrandSlug = (typeof BRAND_SLUGS)[number];

// The spec's help-centre topic sets: before purchase (3), orders waiting (5), orders received (7), order completed.
const helpCenterTopics = {
  beforePurchase: [90, 23, 25, 27],
  ordersWaiting: [17, 21, 33, 29],
  ordersReceived: [8, 11, 26, 31],
  orderCompleted: [17, 21, 31, 29],
};
const allChannels = [...CONTACT_CHANNELS];
const features = { designCreator: true, products: true, clientApiRequests: false };

function wpx(slug: BrandSlug, domain: string, fields: Omit<Brand, "slug" | "hosts" | "extraLocales" | "helpCenterTopics" | "contactChannels" | "features" | "theme">): Brand {
  return {
    slug,
    hosts: [domain, `www.${domain}`, `${slug.toLowerCase()}.localhost`],
    extraLocales: ["en"],
    helpCenterTopics,
    contactChannels: allChannels,
    features,
    theme: "wpx",
    ...fields,
  };
}

const brandList: Brand[] = [
  wpx("WPX-PL", "wpx.pl", {
    name: "WPX Polska", country: "PL", defaultLocale: "pl", currency: "PLN", decimals: true,
    paymentMethods: ["BLIK", "CARD", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["DHL_PARCEL", "GLS", "UPS"], deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP"],
  }),
  wpx("WPX-ES", "wpx.es", {
    name: "WPX España", country: "ES", defaultLocale: "es", currency: "EUR", decimals: true,
    paymentMethods: ["CARD", "BIZUM", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY", "KLARNA"],
    carriers: ["CORREOS", "CHRONOEXPRESS", "GLS"], deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP", "PICKPOINT_CUSTOMER"],
  }),
  wpx("WPX-IT", "wpx.it", {
    name: "WPX Italia", country: "IT", defaultLocale: "it", currency: "EUR", decimals: true,
    paymentMethods: ["CARD", "PAYPAL", "KLARNA", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["GLS", "DHL_PARCEL", "UPS"], deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-DK", "wpx.dk", {
    name: "WPX Danmark", country: "DK", defaultLocale: "da", currency: "DKK", decimals: false,
    paymentMethods: ["CARD", "MOBILE_PAY", "PAYPAL", "KLARNA", "APPLE_PAY"],
    carriers: ["GLS", "DHL_PARCEL"], deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-FR", "wpx.fr", {
    name: "WPX France", country: "FR", defaultLocale: "fr", currency: "EUR", decimals: true,
    paymentMethods: ["CARD", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY", "KLARNA"],
    carriers: ["MONDIAL_RELAY", "GLS", "UPS"], deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  {
    slug: "TZ-ES", name: "Tazzo Estudio", country: "ES",
    hosts: ["tazzo.es", "www.tazzo.es", "tz-es.localhost"],
    defaultLocale: "es", extraLocales: ["en"], currency: "EUR", decimals: true,
    paymentMethods: ["CARD", "BIZUM", "PAYPAL", "APPLE_PAY"],
    carriers: ["CORREOS", "GLS"], deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP"],
    helpCenterTopics, contactChannels: ["helpCenter", "formContact", "chat"], features, theme: "tz",
  },
  wpx("WPX-PT", "wpx.pt", {
    name: "WPX Portugal", country: "PT", defaultLocale: "pt", currency: "EUR", decimals: true,
    paymentMethods: ["CARD", "MULTIBANCO", "MB_WAY", "PAYPAL", "APPLE_PAY"],
    carriers: ["CORREOS", "GLS", "CHRONOEXPRESS"], deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-CZ", "wpx.cz", {
    name: "WPX Česko", country: "CZ", defaultLocale: "cs", currency: "CZK", decimals: false,
    paymentMethods: ["CARD", "BANK_TRANSFER", "PAYPAL", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["DHL_PARCEL", "GLS", "UPS"], deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
];

/** Every brand, validated once when the module loads: a broken config fails start-up, not a request. */
export const BRANDS: readonly Brand[] = z.array(brandSchema).length(BRAND_SLUGS.length).parse(brandList);

export function brandBySlug(slug: string): Brand | undefined {
  return BRANDS.find((brand) => brand.slug === slug);
}

export function brandLocales(brand: Brand) {
  return [brand.defaultLocale, ...brand.extraLocales];
}
