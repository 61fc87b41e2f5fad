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
      typeof value === "string"
        ? [[prefix, value]]
        : Object.entries(value as object).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
    const en = new Map(flat(resources.en.general).map(([key, text]) => [key.replace(PLURAL, ""), text]));
    for (const [key, text] of flat(resources[locale].general)) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      const placeholders = (s: string) =>
        [...s.matchAll(/\{\{(\w+)\}\}/g)]
          .map((m) => m[1])
          .filter((p) => p !== "count")
          .sort();
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en.get(key.replace(PLURAL, "")) ?? ""));
    }
  });
});

/** `{key}Label` beside `{key}` is a control's accessible name (aria-label) beside its visible text; these are not. */
const NOT_ACCESSIBLE_NAMES = new Set(["tickets.thread.replyLabel"]);
/** A text's words as axe-core's label-content-name-mismatch compares them: lower case, no punctuation. */
const words = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/\{\{\w+\}\}/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ");

describe("accessible names", () => {
  // WCAG 2.5.3 (label in name): a speech-input user says what they see; the name must start with the visible text.
  it.each(LOCALES)("%s: every control's accessible name starts with its visible text", (locale) => {
    const pairs: string[] = [];
    const walk = (node: Record<string, unknown>, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === "object" && value !== null) walk(value as Record<string, unknown>, path);
        const visible = node[key.replace(/Label$/, "")];
        if (
          typeof value !== "string" ||
          !key.endsWith("Label") ||
          typeof visible !== "string" ||
          NOT_ACCESSIBLE_NAMES.has(path)
        )
          continue;
        const [shown, name] = [words(visible), words(value)];
        if (shown.some((word, index) => name[index] !== word))
          pairs.push(`${path}: "${value}" does not start with "${visible}"`);
      }
    };
    walk(resources[locale].general as Record<string, unknown>, "");
    expect(pairs).toEqual([]);
  });
});
