import type { BrandSlug } from "./brands";
import { OFFLINE_PAYMENT_DETAILS } from "./offline-payment";

/**
 * The company that sells under a brand, as its invoices name it: the beneficiary of its bank account, its seat and its
 * VAT id.
 */
type Seller = {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  taxId: string;
};

const seller = (slug: BrandSlug, seat: Omit<Seller, "legalName">): Seller => ({
  legalName: OFFLINE_PAYMENT_DETAILS[slug].beneficiary,
  ...seat,
});

export const BRAND_SELLERS: Record<BrandSlug, Seller> = {
  "WPX-PL": seller("WPX-PL", {
    street: "ul. Prosta 51",
    postcode: "00-838",
    city: "Warszawa",
    country: "PL",
    taxId: "PL5272918306",
  }),
  "WPX-ES": seller("WPX-ES", {
    street: "Calle de Alcalá 120",
    postcode: "28009",
    city: "Madrid",
    country: "ES",
    taxId: "ESB87654323",
  }),
  "WPX-IT": seller("WPX-IT", {
    street: "Via Tortona 31",
    postcode: "20144",
    city: "Milano",
    country: "IT",
    taxId: "IT04735812960",
  }),
  "WPX-DK": seller("WPX-DK", {
    street: "Vesterbrogade 74",
    postcode: "1620",
    city: "København V",
    country: "DK",
    taxId: "DK38472917",
  }),
  "WPX-FR": seller("WPX-FR", {
    street: "12 rue de la Folie-Méricourt",
    postcode: "75011",
    city: "Paris",
    country: "FR",
    taxId: "FR19812345676",
  }),
  "TZ-ES": seller("TZ-ES", {
    street: "Carrer de Pallars 193",
    postcode: "08005",
    city: "Barcelona",
    country: "ES",
    taxId: "ESB65938128",
  }),
  "WPX-PT": seller("WPX-PT", {
    street: "Rua do Ouro 88",
    postcode: "1100-063",
    city: "Lisboa",
    country: "PT",
    taxId: "PT514728361",
  }),
  "WPX-CZ": seller("WPX-CZ", {
    street: "Karlínské náměstí 12",
    postcode: "186 00",
    city: "Praha 8",
    country: "CZ",
    taxId: "CZ27483916",
  }),
};
