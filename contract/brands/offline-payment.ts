import type { BrandSlug } from "./brands";

/**
 * Where shoppers send offline payments (bank transfer, Multibanco) for each brand; the order's public id is the
 * reference. Shared by the confirmation e-mail and the order-completed page, so both say the same.
 */
export const OFFLINE_PAYMENT_DETAILS: Record<
  BrandSlug,
  { beneficiary: string; iban: string; bic: string; multibancoEntity: string }
> = {
  "WPX-PL": {
    beneficiary: "WPX Polska Sp. z o.o.",
    iban: "PL61109010140000071219812874",
    bic: "WBKPPLPP",
    multibancoEntity: "",
  },
  "WPX-ES": {
    beneficiary: "WPX España S.L.",
    iban: "ES9121000418450200051332",
    bic: "CAIXESBBXXX",
    multibancoEntity: "",
  },
  "WPX-IT": {
    beneficiary: "WPX Italia S.r.l.",
    iban: "IT60X0542811101000000123456",
    bic: "BPMOIT22XXX",
    multibancoEntity: "",
  },
  "WPX-DK": { beneficiary: "WPX Danmark ApS", iban: "DK5000400440116243", bic: "NDEADKKK", multibancoEntity: "" },
  "WPX-FR": {
    beneficiary: "WPX France SAS",
    iban: "FR1420041010050500013M02606",
    bic: "PSSTFRPPXXX",
    multibancoEntity: "",
  },
  "TZ-ES": {
    beneficiary: "Tazzo Estudio S.L.",
    iban: "ES9121000418450200051332",
    bic: "CAIXESBBXXX",
    multibancoEntity: "",
  },
  "WPX-PT": {
    beneficiary: "WPX Portugal Lda.",
    iban: "PT50000201231234567890154",
    bic: "CGDIPTPL",
    multibancoEntity: "21312",
  },
  "WPX-CZ": {
    beneficiary: "WPX Česko s.r.o.",
    iban: "CZ6508000000192000145399",
    bic: "GIBACZPX",
    multibancoEntity: "",
  },
};
