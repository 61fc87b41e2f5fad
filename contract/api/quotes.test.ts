import { describe, expect, it } from "vitest";
import { QUOTE_STATUSES } from "./enums";
import { quoteMoveAllowed } from "./quote-params";
import { quoteDeadlineRange, quoteForm } from "./quotes";

describe("a quote request's life (the spec's other status set)", () => {
  it("is 8 confirmed, 5 completed and 100 canceled", () =>
    expect(QUOTE_STATUSES).toEqual({ CONFIRMED: 8, COMPLETED: 5, CANCELED: 100 }));

  it("is confirmed by the customer only once support has priced it, or by support itself", () => {
    expect(quoteMoveAllowed(null, 8, "customer", false)).toBe(false);
    expect(quoteMoveAllowed(null, 8, "customer", true)).toBe(true);
    expect(quoteMoveAllowed(null, 8, "support", false)).toBe(true);
  });

  it("is canceled by either side while asked, completed or canceled by support once confirmed, and never moves after", () => {
    expect(quoteMoveAllowed(null, 100, "customer", false)).toBe(true);
    expect(quoteMoveAllowed(null, 5, "support", true)).toBe(false);
    expect(quoteMoveAllowed(8, 5, "support", true)).toBe(true);
    expect(quoteMoveAllowed(8, 100, "support", true)).toBe(true);
    expect(quoteMoveAllowed(8, 100, "customer", true)).toBe(false);
    for (const final of [5, 100] as const)
      for (const to of [8, 5, 100] as const) expect(quoteMoveAllowed(final, to, "support", true)).toBe(false);
  });
});

describe("the quote form", () => {
  const { min, max } = quoteDeadlineRange();
  const valid = {
    company: "Foto S.L.",
    name: "Ana",
    email: "ana@example.com",
    products: "Tazas",
    quantity: "250",
    deadline: min,
    arrangement: "SEND",
  };

  it("takes whole pieces from 1 to 100 000 and a day from tomorrow to a year ahead", () => {
    expect(quoteForm.safeParse(valid).data).toMatchObject({ quantity: 250, deadline: min });
    expect(quoteForm.safeParse({ ...valid, quantity: "100000", deadline: max }).success).toBe(true);
    for (const quantity of ["0", "100001", "2.5", "-1", "", "1e3"])
      expect(quoteForm.safeParse({ ...valid, quantity }).success).toBe(false);
    for (const deadline of ["2026-02-30", "tomorrow", "2020-01-01", "2999-01-01"])
      expect(quoteForm.safeParse({ ...valid, deadline }).success).toBe(false);
  });
});
