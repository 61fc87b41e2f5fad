import { describe, expect, it } from "vitest";
import { isValidPostcode } from "../rules/postcode";
import { isValidTaxId } from "../rules/tax-id";
import { BRANDS } from "./brands";
import { BRAND_SELLERS } from "./sellers";

describe("each brand's seller", () => {
  it.each(BRANDS.map((brand) => [brand.slug, brand] as const))(
    "%s sells from its own country with a valid VAT id and postcode",
    (slug, brand) => {
      const seller = BRAND_SELLERS[slug];
      expect(seller.country).toBe(brand.country);
      expect(seller.taxId.startsWith(brand.country)).toBe(true);
      expect(isValidTaxId(brand.country, seller.taxId)).toBe(true);
      expect(isValidPostcode(brand.country, seller.postcode)).toBe(true);
      expect(seller.legalName).not.toBe("");
    },
  );
});
