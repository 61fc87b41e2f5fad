import { describe, expect, it } from "vitest";
import { LOCALES } from "@contract/locales/locales";
import { resources } from "./resources";

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  const english = new Set(keys(resources.en.general).map((key) => key.replace(PLURAL, "")));

  it.each(LOCALES)("%s has every string, with the plural forms its language needs", (locale) => {
    const own = keys(resources[locale].general);
    expect(new Set(own.map((key) => key.replace(PLURAL, "")))).toEqual(english);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const base of new Set(own.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, "")))) {
      for (const category of categories) expect(own, `${locale} ${base}_${category}`).toContain(`${base}_${category}`);
    }
  });

  it.each(LOCALES)("%s has no empty strings and keeps every placeholder", (locale) => {
    const flat = (value: unknown, prefix = ""): [string, string][] =>
      typeof value === "string" ? [[prefix, value]] : Object.entries(value as object).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
    const en = new Map(flat(resources.en.general).map(([key, text]) => [key.replace(PLURAL, ""), text]));
    for (const [key, text] of flat(resources[locale].general)) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).filter((p) => p !== "count").sort();
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en.get(key.replace(PLURAL, "")) ?? ""));
    }
  });
});
