import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, regionNames } from "./intl-formats";

describe("kept Intl formatters", () => {
  it("are made once per locale and options, and format as a new one would", () => {
    const euros = { style: "currency", currency: "EUR" } as const;
    expect(numberFormat("es-ES", euros)).toBe(numberFormat("es-ES", { ...euros }));
    expect(numberFormat("es-ES", euros)).not.toBe(numberFormat("pt-PT", euros));
    expect(numberFormat("es-ES", euros).format(12.5)).toBe(new Intl.NumberFormat("es-ES", euros).format(12.5));
    const day = { dateStyle: "long", timeZone: "UTC" } as const;
    expect(dateTimeFormat("da-DK", day)).toBe(dateTimeFormat("da-DK", day));
    expect(dateTimeFormat("da-DK", day)).not.toBe(dateTimeFormat("da-DK", { ...day, timeZone: "Europe/Copenhagen" }));
    expect(dateTimeFormat("da-DK", day).format(new Date("2026-11-25T10:00:00Z"))).toBe("25. november 2026");
    expect(regionNames("pl-PL").of("DE")).toBe("Niemcy");
  });
});
