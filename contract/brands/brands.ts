import { z } from "zod";
import { LOCALES } from "../locales/locales.ts";

export const BRAND_SLUGS = ["WPX-PL", "WPX-ES", "WPX-IT", "WPX-DK", "WPX-FR", "TZ-ES", "WPX-PT", "WPX-CZ"] as const;
export const PAYMENT_METHODS = [
  "CARD",
  "BANCONTACT",
  "GIROPAY",
  "IDEAL",
  "PAYPAL",
  "SOFORT",
  "MOBILE_PAY",
  "BIZUM",
  "BANK_TRANSFER",
  "MULTIBANCO",
  "BLIK",
  "BILLING_ACCOUNT",
  "EPS",
  "SWISH",
  "TWINT",
  "TRUSTLY",
  "APPLE_PAY",
  "GOOGLE_PAY",
  "KLARNA",
  "MB_WAY",
] as const;
export const CARRIERS = ["CORREOS", "MONDIAL_RELAY", "DHL_PARCEL", "GLS", "CHRONOEXPRESS", "UPS"] as const;
export const DELIVERY_TYPES = ["PICKPOINT", "FACTORY_PICKUP", "ADDRESS", "PICKPOINT_CUSTOMER"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type Carrier = (typeof CARRIERS)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
const CONTACT_CHANNELS = ["helpCenter", "formContact", "formContactRequestBudget", "chat"] as const;
/** The ways of signing in (the sign-in protocol's providers): e-mail and password, and an OpenID Connect provider. */
export const SIGN_IN_PROVIDERS = ["credentials", "oidc"] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

const topicIds = z.array(z.number().int().positive()).min(1);

const brandSchema = z.strictObject({
  slug: z.enum(BRAND_SLUGS),
  name: z.string().min(1),
  country: z.string().length(2),
  /** The brand's own domain (its zone): the live store answers on it and on www, staging on staging.{domain}. */
  domain: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/),
  /** Every host that picks this brand: production's, staging's and the local one (brandHostsIn says which is which). */
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
  /**
  /**
   * The chat provider's widget (null: the brand has no chat): its name, said before the visitor starts it, and its
   * script, loaded only when the visitor asks for the chat (docs/decisions/0039).
   */
  chat: z.strictObject({ provider: z.string().min(1), script: z.url({ protocol: /^https$/ }) }).nullable(),
  /**
   * The ways a shopper signs in to this brand, of those its environment offers (AUTH_PROVIDERS); `oidc` counts only
   * where its settings are set. Empty: nobody signs in (guests still buy), and the sign-in protocol answers 500.
   */
  signInProviders: z.array(z.enum(SIGN_IN_PROVIDERS)),
  features: z.strictObject({ designCreator: z.boolean(), products: z.boolean(), clientApiRequests: z.boolean() }),
  theme: z.enum(["wpx", "tz"]),
  /**
   * The marketing tags the brand uses (null: not used); each loads only with the consent it needs
   * (docs/decisions/0024).
   */
  tags: z.strictObject({
    ga4: z
      .string()
      .regex(/^G-[A-Z0-9]{6,12}$/)
      .nullable(),
    pushNotifications: z.url({ protocol: /^https$/ }).nullable(),
    reviewBadge: z.url({ protocol: /^https$/ }).nullable(),
  }),
});

export type Brand = z.infer<typeof brandSchema>;
/** A brand offers the chat channel exactly when it has a chat provider. */
const brandConfigSchema = brandSchema.refine(
  (brand) => brand.contactChannels.includes("chat") === (brand.chat !== null),
  {
    message: "contactChannels names chat exactly when chat is set",
    path: ["chat"],
  },
);
export type BrandSlug = (typeof BRAND_SLUGS)[number];

// The spec's help-centre topic sets: before purchase (3), orders waiting (5), orders received (7), order completed.
const helpCenterTopics = {
  beforePurchase: [90, 23, 25, 27],
  ordersWaiting: [17, 21, 33, 29],
  ordersReceived: [8, 11, 26, 31],
  orderCompleted: [17, 21, 31, 29],
};
const allChannels = [...CONTACT_CHANNELS];
const noChatChannels = CONTACT_CHANNELS.filter((channel) => channel !== "chat");
/**
 * A placeholder account of the chat provider (its embed address names the account and widget): the business sets its
 * own.
 */
const chatOf = (account: string) => ({ provider: "Tawk.to", script: `https://embed.tawk.to/${account}/default` });
const features = { designCreator: true, products: true, clientApiRequests: false };
const signInProviders: SignInProvider[] = ["credentials", "oidc"];
const noTags = { ga4: null, pushNotifications: null, reviewBadge: null };
/** Placeholder ids and the vendors' script addresses: the business replaces them with its accounts' own. */
const allTags = (ga4: string) => ({
  ga4,
  pushNotifications: "https://cdn.onesignal.com/sdks/web/v16/OneSignalSDK.page.js",
  reviewBadge: "https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js",
});

/** Where a brand's store runs: each place has its own host names for it. */
export const HOST_PLACES = ["production", "staging", "local"] as const;
export type HostPlace = (typeof HOST_PLACES)[number];

function hostsIn(domain: string, slug: BrandSlug, place: HostPlace): string[] {
  if (place === "production") return [domain, `www.${domain}`];
  if (place === "staging") return [`staging.${domain}`];
  return [`${slug.toLowerCase()}.localhost`];
}
const allHosts = (domain: string, slug: BrandSlug) => HOST_PLACES.flatMap((place) => hostsIn(domain, slug, place));

/**
 * The hosts a brand answers on in one place: the deploy configs' custom domains come from here
 * (deploy/environments.ts).
 */
export function brandHostsIn(brand: Brand, place: HostPlace): string[] {
  return hostsIn(brand.domain, brand.slug, place);
}

type WpxFields = Omit<
  Brand,
  | "slug"
  | "domain"
  | "hosts"
  | "extraLocales"
  | "helpCenterTopics"
  | "contactChannels"
  | "chat"
  | "signInProviders"
  | "features"
  | "theme"
  | "tags"
> &
  Partial<Pick<Brand, "tags" | "chat">>;
function wpx(slug: BrandSlug, domain: string, fields: WpxFields): Brand {
  return {
    slug,
    domain,
    hosts: allHosts(domain, slug),
    extraLocales: ["en"],
    helpCenterTopics,
    signInProviders,
    features,
    theme: "wpx",
    tags: noTags,
    ...fields,
    contactChannels: fields.chat ? allChannels : noChatChannels,
    chat: fields.chat ?? null,
  };
}

const brandList: Brand[] = [
  wpx("WPX-PL", "wpx.pl", {
    name: "WPX Polska",
    country: "PL",
    defaultLocale: "pl",
    currency: "PLN",
    decimals: true,
    paymentMethods: ["BLIK", "CARD", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["DHL_PARCEL", "GLS", "UPS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP"],
    tags: allTags("G-WPXPL00001"),
    chat: chatOf("64f0a1b2c3d4e5f6a7b8c901"),
  }),
  wpx("WPX-ES", "wpx.es", {
    name: "WPX España",
    country: "ES",
    defaultLocale: "es",
    currency: "EUR",
    decimals: true,
    paymentMethods: ["CARD", "BIZUM", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY", "KLARNA"],
    carriers: ["CORREOS", "CHRONOEXPRESS", "GLS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP", "PICKPOINT_CUSTOMER"],
    chat: chatOf("64f0a1b2c3d4e5f6a7b8c902"),
  }),
  wpx("WPX-IT", "wpx.it", {
    name: "WPX Italia",
    country: "IT",
    defaultLocale: "it",
    currency: "EUR",
    decimals: true,
    paymentMethods: ["CARD", "PAYPAL", "KLARNA", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["GLS", "DHL_PARCEL", "UPS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-DK", "wpx.dk", {
    name: "WPX Danmark",
    country: "DK",
    defaultLocale: "da",
    currency: "DKK",
    decimals: false,
    paymentMethods: ["CARD", "MOBILE_PAY", "PAYPAL", "KLARNA", "APPLE_PAY"],
    carriers: ["GLS", "DHL_PARCEL"],
    deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-FR", "wpx.fr", {
    name: "WPX France",
    country: "FR",
    defaultLocale: "fr",
    currency: "EUR",
    decimals: true,
    paymentMethods: ["CARD", "PAYPAL", "BANK_TRANSFER", "APPLE_PAY", "GOOGLE_PAY", "KLARNA"],
    carriers: ["MONDIAL_RELAY", "GLS", "UPS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  {
    slug: "TZ-ES",
    name: "Tazzo Estudio",
    country: "ES",
    domain: "tazzo.es",
    hosts: allHosts("tazzo.es", "TZ-ES"),
    defaultLocale: "es",
    extraLocales: ["en"],
    currency: "EUR",
    decimals: true,
    paymentMethods: ["CARD", "BIZUM", "PAYPAL", "APPLE_PAY"],
    carriers: ["CORREOS", "GLS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT", "FACTORY_PICKUP"],
    helpCenterTopics,
    contactChannels: ["helpCenter", "formContact", "chat"],
    chat: chatOf("64f0a1b2c3d4e5f6a7b8c906"),
    signInProviders,
    features,
    theme: "tz",
    tags: allTags("G-TZES000001"),
  },
  wpx("WPX-PT", "wpx.pt", {
    name: "WPX Portugal",
    country: "PT",
    defaultLocale: "pt",
    currency: "EUR",
    decimals: true,
    paymentMethods: ["CARD", "MULTIBANCO", "MB_WAY", "PAYPAL", "APPLE_PAY"],
    carriers: ["CORREOS", "GLS", "CHRONOEXPRESS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
  wpx("WPX-CZ", "wpx.cz", {
    name: "WPX Česko",
    country: "CZ",
    defaultLocale: "cs",
    currency: "CZK",
    decimals: false,
    paymentMethods: ["CARD", "BANK_TRANSFER", "PAYPAL", "APPLE_PAY", "GOOGLE_PAY"],
    carriers: ["DHL_PARCEL", "GLS", "UPS"],
    deliveryTypes: ["ADDRESS", "PICKPOINT"],
  }),
];

/** Every brand, validated once when the module loads: a broken config fails start-up, not a request. */
export const BRANDS: readonly Brand[] = z.array(brandConfigSchema).length(BRAND_SLUGS.length).parse(brandList);

export function brandBySlug(slug: string): Brand | undefined {
  return BRANDS.find((brand) => brand.slug === slug);
}

export function brandLocales(brand: Brand) {
  return [brand.defaultLocale, ...brand.extraLocales];
}
