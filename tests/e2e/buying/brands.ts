// The brands the buying journeys shop in, with what each one's checkout expects.

export type Viewport = "phone" | "desktop";
type Address = { street: string; postcode: string; badPostcode: string; city: string };
export type BuyingBrand = {
  slug: string;
  locale: string;
  /** The path prefix of the locale browsed in ("" for the brand's default locale). */
  prefix: string;
  /** What every amount shows, in that locale, and whether amounts have decimals. */
  money: string;
  decimals: boolean;
  /** A promotion code the brand's seed has running now for any cart (migrations/store/0004_catalogue_seed.sql). */
  code: string;
  address: Address;
};

export const WPX_PL: BuyingBrand = {
  slug: "WPX-PL",
  locale: "pl",
  prefix: "",
  money: "zł",
  decimals: true,
  code: "WITAJ10",
  address: { street: "ul. Marszałkowska 10", postcode: "00-950", badPostcode: "00950", city: "Warszawa" },
};
export const TZ_ES: BuyingBrand = {
  slug: "TZ-ES",
  locale: "es",
  prefix: "",
  money: "€",
  decimals: true,
  code: "HOLATAZZO10",
  address: { street: "Calle de Alcalá, 20", postcode: "28013", badPostcode: "60013", city: "Madrid" },
};
export const WPX_DK: BuyingBrand = {
  slug: "WPX-DK",
  locale: "en",
  prefix: "/en",
  money: "DKK",
  decimals: false,
  code: "VELKOMMEN10",
  address: { street: "Bredgade 10", postcode: "1050", badPostcode: "0123", city: "København K" },
};
export const WPX_ES: BuyingBrand = {
  slug: "WPX-ES",
  locale: "es",
  prefix: "",
  money: "€",
  decimals: true,
  code: "BIENVENIDA10",
  address: { street: "Gran Vía, 30", postcode: "28013", badPostcode: "2801", city: "Madrid" },
};
export const WPX_FR: BuyingBrand = {
  slug: "WPX-FR",
  locale: "fr",
  prefix: "",
  money: "€",
  decimals: true,
  code: "BIENVENUE10",
  address: { street: "12 rue de Rivoli", postcode: "75001", badPostcode: "7500", city: "Paris" },
};
export const WPX_CZ: BuyingBrand = {
  slug: "WPX-CZ",
  locale: "cs",
  prefix: "",
  money: "Kč",
  decimals: false,
  code: "VITEJTE10",
  address: { street: "Národní 10", postcode: "110 00", badPostcode: "010 00", city: "Praha" },
};
export const UNKNOWN_CODE = "NOSUCHCODE42";
