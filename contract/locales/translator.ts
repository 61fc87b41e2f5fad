import { keepAtMost } from "../rules/keep-at-most";

/**
 * The translations of the storefront and the workers (docs/decisions/0029): a locale's strings (one tree) and a `t` that reads
 * them the way the pages used i18next's: a dotted key, `{{name}}` values (one not given stays as written), plurals by `count` (the key with the locale's
 * plural suffix, `_one`, `_few`, `_many`, `_other`, else the key itself), a `defaultValue`, and the key itself when
 * nothing is found. The same code on the server and in the browser, so a page hydrates with the very text it was
 * rendered with; about 1 KB instead of i18next's 40.
 */
export type TranslateValues = Record<string, unknown>;
export type Translate = (key: string, values?: TranslateValues) => string;
export type Translations = {
  language: string;
  t: Translate;
  /** On the server, per request (recording): the strings its render asked for, which the document carries. */
  pageStrings?: () => Tree;
};

export type Tree = Record<string, unknown>;

const VALUE = /{{\s*([^{}]+?)\s*}}/g;
const TEXTS_MAX = 5000;

export function createTranslations(language: string, strings: Tree): Translations {
  return growingTranslations(language, strings).translations;
}

/**
 * Translations whose strings can grow once (the browser's: the document's strings, then the locale's whole set). After
 * `grow`, the same `t` (so nothing that depends on it runs again) answers from the new strings, and `translations` is
 * a new object, so what reads it from context renders again.
 */
export function growingTranslations(
  language: string,
  first: Tree,
): { translations: Translations; grow: (strings: Tree) => void } {
  let strings = first;
  const plurals = new Intl.PluralRules(language);
  const lookup = (key: string) => stringAt(strings, key);
  const translate: Translate = (key, values) => {
    const count = values?.count;
    const found = (typeof count === "number" ? lookup(`${key}_${plurals.select(count)}`) : undefined) ?? lookup(key);
    const text = found ?? (typeof values?.defaultValue === "string" ? values.defaultValue : undefined);
    if (text === undefined) return key;
    // A value not given leaves its placeholder and a null one leaves nothing, as i18next did.
    return values
      ? text.replace(VALUE, (placeholder, name: string) =>
          values[name] === undefined ? placeholder : values[name] === null ? "" : String(values[name]),
        )
      : text;
  };
  // Between two growths the strings do not change: a key asked again with the same plain values (none, or strings,
  // numbers and booleans) gives the same text, from memory. At most TEXTS_MAX texts, the oldest dropped first.
  const texts = new Map<string, string>();
  const t: Translate = (key, values) => {
    const memoKey = textKey(key, values);
    if (memoKey === null) return translate(key, values);
    let text = texts.get(memoKey);
    if (text === undefined) {
      text = keepAtMost(texts, TEXTS_MAX, memoKey, translate(key, values));
    }
    return text;
  };
  const grown = {
    translations: { language, t } as Translations,
    grow(next: Tree) {
      strings = next;
      texts.clear();
      grown.translations = { language, t };
    },
  };
  return grown;
}

/** The string at a dotted key, if there is one. Own keys only: a key named like an object's built-in (`constructor`) is a key like any other. */
export function stringAt(strings: Tree, key: string): string | undefined {
  let node: unknown = strings;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The memory's key of a call: the key, and its values when they are all plain; null when they are not. */
function textKey(key: string, values: TranslateValues | undefined): string | null {
  if (values === undefined) return key;
  for (const value of Object.values(values))
    if (value !== null && value !== undefined && !["string", "number", "boolean"].includes(typeof value)) return null;
  return `${key}\u0000${JSON.stringify(values)}`;
}
