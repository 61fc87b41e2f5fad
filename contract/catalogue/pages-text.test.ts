import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales/locales";
import { lineDetailsText, pagesText } from "./option-label";
import { optionTranslate } from "./option-strings";

// A paged design's line as the cart, the checkout, the order, the invoice and the e-mail write it.

describe("a line's pages", () => {
  const book = { options: [{ group: "size", code: "21x21" }], innerPages: 32, extraPages: 8 };
  it("say how many and how many of them are extra, after the options", () => {
    expect(pagesText(optionTranslate("en"), book)).toBe("32 pages (8 extra)");
    expect(lineDetailsText(optionTranslate("es"), book)).toBe("21×21 cm · 32 páginas (8 adicionales)");
    expect(lineDetailsText(optionTranslate("pl"), { ...book, innerPages: 24, extraPages: 0 })).toBe(
      "21×21 cm · 24 strony",
    );
  });
  it("are nothing for a product of one page", () => {
    expect(pagesText(optionTranslate("en"), { innerPages: null, extraPages: 0 })).toBeNull();
    expect(lineDetailsText(optionTranslate("en"), { ...book, innerPages: null, extraPages: 0 })).toBe("21×21 cm");
  });
  it.each(LOCALES)("are translated in %s, never a key", (locale) => {
    for (const [inner, extra] of [
      [24, 0],
      [26, 2],
      [25, 1],
      [96, 72],
    ] as const) {
      const text = pagesText(optionTranslate(locale), { innerPages: inner, extraPages: extra })!;
      expect(text).toContain(String(inner));
      expect(text).not.toContain("options.");
      if (extra) expect(text).toContain(`(${extra} `);
    }
  });
});
