import { describe, expect, it } from "vitest";
import { resources } from "./resources";
import { createTranslations, recording } from "./translator";

const strings = {
  greeting: "Hola {{name}}",
  spaced: "{{ name }} y {{count}}",
  photos_one: "{{count}} foto",
  photos_few: "{{count}} zdjęcia",
  photos_many: "{{count}} zdjęć",
  photos_other: "{{count}} fotos",
  only: "sin plural",
  nested: { deep: { key: "profundo" } },
};

describe("the storefront's translations", () => {
  it("reads dotted keys and fills {{values}}, leaving a value not given as written and a null one empty", () => {
    const { t } = createTranslations("es", strings);
    expect(t("nested.deep.key")).toBe("profundo");
    expect(t("greeting", { name: "Ana" })).toBe("Hola Ana");
    expect(t("spaced", { name: "Eva", count: 3 })).toBe("Eva y 3");
    expect(t("greeting", {})).toBe("Hola {{name}}");
    expect(t("greeting", { name: null })).toBe("Hola ");
    expect(t("greeting", { name: "<b>" })).toBe("Hola <b>");
  });

  it("picks the plural by the locale's rules, then the key itself", () => {
    const es = createTranslations("es", strings).t;
    expect(es("photos", { count: 1 })).toBe("1 foto");
    expect(es("photos", { count: 7 })).toBe("7 fotos");
    const pl = createTranslations("pl", strings).t;
    expect(pl("photos", { count: 1 })).toBe("1 foto");
    expect(pl("photos", { count: 3 })).toBe("3 zdjęcia");
    expect(pl("photos", { count: 12 })).toBe("12 zdjęć");
    expect(es("only", { count: 4 })).toBe("sin plural");
  });

  it("picks a plural for any count but a string, as i18next does (the server's translator)", () => {
    const pl = createTranslations("pl", { ...strings, photos_zero: "brak zdjęć" }).t;
    expect(pl("photos", { count: 0 })).toBe("brak zdjęć");
    expect(pl("photos", { count: null })).toBe(" zdjęć");
    expect(pl("photos", { count: true })).toBe("true foto");
    expect(pl("photos", { count: "3" })).toBe("photos");
  });

  it("answers the key when nothing is found (or the default value), and the same text when asked again", () => {
    const { t } = createTranslations("es", strings);
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("nested")).toBe("nested");
    expect(t("no.such.key", { defaultValue: "—" })).toBe("—");
    expect(t("greeting", { name: "Ana" })).toBe(t("greeting", { name: "Ana" }));
    expect(t("greeting", { name: "Luis" })).toBe("Hola Luis");
  });

  it("gives a page the strings its render asked for, with their plural forms, the same on every render", () => {
    const base = createTranslations("pl", strings);
    const render = (keys: string[]) => {
      const page = recording(base, strings);
      for (const key of keys) page.t(key, { count: 2, name: "Ana" });
      return page.pageStrings!();
    };
    const first = render(["greeting", "photos", "nested.deep.key"]);
    expect(first).toEqual({
      greeting: "Hola {{name}}",
      photos_one: "{{count}} foto",
      photos_few: "{{count}} zdjęcia",
      photos_many: "{{count}} zdjęć",
      photos_other: "{{count}} fotos",
      nested: { deep: { key: "profundo" } },
    });
    expect(render(["greeting", "photos", "nested.deep.key"])).toBe(first);
    expect(Object.isFrozen((first.nested as { deep: object }).deep)).toBe(true);
    // Another page's keys are another set, however the first was kept.
    expect(render(["greeting", "only"])).toEqual({ greeting: "Hola {{name}}", only: "sin plural" });
    expect(render(["greeting"])).toEqual({ greeting: "Hola {{name}}" });
  });

  it("has every locale's shared strings", () => {
    for (const [locale, { general }] of Object.entries(resources)) {
      const { t } = createTranslations(locale, general);
      expect(t("routes.accountsHome"), locale).not.toBe("routes.accountsHome");
    }
  });
});
