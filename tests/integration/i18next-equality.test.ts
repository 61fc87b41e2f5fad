import { describe, expect, it } from "vitest";
import { LOCALES } from "@contract/locales/locales";
import { i18nextTranslate } from "~/lib/i18n/i18next.server";
import { resources } from "~/lib/i18n/resources";
import { localeTranslations, requestTranslations } from "~/lib/i18n/translations.server";
import { createTranslations, type TranslateValues, type Tree } from "~/lib/i18n/translator";

// The server renders a page's text with i18next; the browser hydrates it with the small lookup of the strings the
// server resolved (docs/decisions/0046). A text that differs between the two is a hydration mismatch, so every key of
// every locale is asked of both, with the values the pages pass: none, each placeholder given, not given or null,
// values that look like placeholders or markup, and counts across every plural category.

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([^{}]+?)\s*}}/g;
const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 14, 21, 22, 25, 100, 101, 111, 1000, 1.5, -1];

/** Every string of a tree, by its dotted key. */
function strings(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [[path, value] as [string, string]];
    return typeof value === "object" && value !== null ? strings(value as Tree, path) : [];
  });
}

/** The calls a page could make for a key whose text (or plural forms) names these placeholders. */
function callsFor(key: string, names: string[], plural: boolean): [string, TranslateValues | undefined][] {
  const given = (value: unknown) => Object.fromEntries(names.map((name) => [name, value]));
  const calls: [string, TranslateValues | undefined][] = [
    [key, undefined],
    [key, {}],
    [key, given("Ana")],
    [key, given(42)],
    [key, given(null)],
    [key, given("{{count}} <b>&amp;</b> $t(home.title)")],
    [`${key}.not.there`, { defaultValue: "—" }],
    [`${key}_missing`, undefined],
  ];
  for (const name of names) calls.push([key, { ...given("Eva"), [name]: undefined }]);
  if (plural || names.includes("count"))
    for (const count of COUNTS) calls.push([key, { ...given("Ana"), count }], [key, { count }]);
  return calls;
}

describe("i18next and the browser's lookup give the same text", () => {
  it.each(LOCALES)("%s: every key, every placeholder, every plural category", (locale) => {
    const tree = resources[locale].general;
    const byBase = new Map<string, { names: Set<string>; plural: boolean }>();
    for (const [key, text] of strings(tree)) {
      const base = key.replace(PLURAL, "");
      const entry = byBase.get(base) ?? { names: new Set<string>(), plural: false };
      entry.plural ||= base !== key;
      for (const [, name] of text.matchAll(PLACEHOLDER)) if (name) entry.names.add(name);
      byBase.set(base, entry);
    }
    const i18next = i18nextTranslate(locale, tree);
    const lookup = createTranslations(locale, tree).t;
    const differences: string[] = [];
    let calls = 0;
    for (const [base, { names, plural }] of byBase) {
      for (const [key, values] of callsFor(base, [...names], plural)) {
        calls++;
        const [server, browser] = [i18next(key, values), lookup(key, values)];
        if (server !== browser)
          differences.push(`${key} ${JSON.stringify(values)}: i18next "${server}", lookup "${browser}"`);
      }
    }
    expect(differences).toEqual([]);
    expect(calls).toBeGreaterThan(byBase.size * 8);
  });

  it("what a page shows is i18next's (texts remembered), and the lookup's", async () => {
    for (const locale of LOCALES) {
      const page = await requestTranslations(locale, undefined);
      const i18next = i18nextTranslate(locale, resources[locale].general);
      for (const [key, values] of [
        ["routes.accountsHome", undefined],
        ["options.pieces", { count: 1 }],
        ["options.pieces", { count: 5 }],
        ["options.pieces", { count: 22 }],
      ] as const) {
        expect(page.t(key, values), `${locale} ${key}`).toBe(i18next(key, values));
        expect(page.t(key, values), `${locale} ${key} again`).toBe(i18next(key, values));
      }
    }
  });

  it("is i18next on the server: its nesting works there, and the strings never use it", () => {
    const nested = { a: "$t(b) y {{name}}", b: "B" };
    expect(i18nextTranslate("es", nested)("a", { name: "Ana" })).toBe("B y Ana");
    for (const locale of LOCALES)
      for (const [key, text] of strings(resources[locale].general))
        expect(text, `${locale} ${key}`).not.toMatch(/\$t\(|{{\s*-|{{[^{}]*,[^{}]*}}/);
  });
});

describe("one i18next instance per locale per isolate", () => {
  it("is made once, when the locale's strings arrive, and shared by every request of the locale", async () => {
    const [first, second] = await Promise.all([
      localeTranslations("cs", undefined),
      localeTranslations("cs", undefined),
    ]);
    expect(second).toBe(first);
    expect(await localeTranslations("cs", undefined)).toBe(first);
    expect(await localeTranslations("da", undefined)).not.toBe(first);
    // Each request records its own keys, over the same instance.
    const [one, two] = [await requestTranslations("cs", undefined), await requestTranslations("cs", undefined)];
    one.t("routes.accountsHome");
    expect(Object.keys(one.pageStrings?.() ?? {})).toEqual(["routes"]);
    expect(two.pageStrings?.()).toEqual({});
  });
});
