/**
 * The storefront's translations (docs/decisions/0029): a locale's strings (one tree, `general`) and a `t` that reads
 * them the way the pages used i18next's: a dotted key, `{{name}}` values (one not given stays as written), plurals by `count` (the key with the locale's
 * plural suffix, `_one`, `_few`, `_many`, `_other`, else the key itself), a `defaultValue`, and the key itself when
 * nothing is found. The same code on the server and in the browser, so a page hydrates with the very text it was
 * rendered with; about 1 KB instead of i18next's 40.
 */
export type TranslateValues = Record<string, unknown>;
export type Translate = (key: string, values?: TranslateValues) => string;
export type Translations = { language: string; t: Translate };

type Tree = Record<string, unknown>;

const VALUE = /{{\s*([^{}]+?)\s*}}/g;
const TEXTS_MAX = 5000;

export function createTranslations(language: string, strings: Tree): Translations {
  const plurals = new Intl.PluralRules(language);
  const lookup = (key: string): string | undefined => {
    let node: unknown = strings;
    for (const part of key.split(".")) {
      if (!node || typeof node !== "object") return undefined;
      node = (node as Tree)[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const translate: Translate = (key, values) => {
    const count = values?.count;
    const found = (typeof count === "number" ? lookup(`${key}_${plurals.select(count)}`) : undefined) ?? lookup(key);
    const text = found ?? (typeof values?.defaultValue === "string" ? values.defaultValue : undefined);
    if (text === undefined) return key;
    // A value not given leaves its placeholder and a null one leaves nothing, as i18next did.
    return values ? text.replace(VALUE, (placeholder, name: string) => (values[name] === undefined ? placeholder : values[name] === null ? "" : String(values[name]))) : text;
  };
  // The strings never change for a document or an isolate: a key asked again with the same plain values (none, or
  // strings, numbers and booleans) gives the same text, from memory. At most TEXTS_MAX texts, the oldest dropped first.
  const texts = new Map<string, string>();
  const t: Translate = (key, values) => {
    const memoKey = textKey(key, values);
    if (memoKey === null) return translate(key, values);
    let text = texts.get(memoKey);
    if (text === undefined) {
      text = translate(key, values);
      if (texts.size >= TEXTS_MAX) texts.delete(texts.keys().next().value!);
      texts.set(memoKey, text);
    }
    return text;
  };
  return { language, t };
}

/** The memory's key of a call: the key, and its values when they are all plain; null when they are not. */
function textKey(key: string, values: TranslateValues | undefined): string | null {
  if (values === undefined) return key;
  for (const value of Object.values(values)) if (value !== null && value !== undefined && !["string", "number", "boolean"].includes(typeof value)) return null;
  return `${key}\u0000${JSON.stringify(values)}`;
}
