import { keepAtMost } from "../rules/keep-at-most";

/**
 * The small lookup of a locale's strings (one tree): the browser's (the strings the server resolved, then the locale's
 * whole set) and the product API's e-mails'. A `t` that reads them the way i18next, the server's translator, does
 * (docs/decisions/0046): a dotted key, `{{name}}` values (one not given stays as written), plurals by `count` (the key
 * with the locale's plural suffix, `_one`, `_few`, `_many`, `_other`, else the key itself), a `defaultValue`, and the
 * key itself when nothing is found. About 1 KB instead of i18next's 15 KB gzip in every page's JavaScript; the equality
 * test (app/lib/i18n/i18next-equality.test.ts) holds both to the same text for every key of every locale.
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
    // As i18next: any count but a string picks a plural form (by Intl.PluralRules, a `_zero` one first for 0).
    const count = values?.count;
    const plural =
      count === undefined || typeof count === "string"
        ? undefined
        : ((count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${plurals.select(count as number)}`));
    const found = plural ?? lookup(key);
    const text = found ?? (typeof values?.defaultValue === "string" ? values.defaultValue : undefined);
    if (text === undefined) return key;
    // A value not given leaves its placeholder and a null one leaves nothing, as i18next does.
    return values
      ? text.replace(VALUE, (placeholder, name: string) =>
          values[name] === undefined ? placeholder : values[name] === null ? "" : String(values[name]),
        )
      : text;
  };
  const texts = rememberingTexts(translate);
  const t = texts.t;
  const grown = {
    translations: { language, t } as Translations,
    grow(next: Tree) {
      strings = next;
      texts.forget();
      grown.translations = { language, t };
    },
  };
  return grown;
}

/**
 * A `t` that remembers the texts it made: the strings do not change (within an isolate on the server, between two
 * growths in the browser), so a key asked again with the same plain values (none, or strings, numbers and booleans)
 * gives the same text, from memory. At most TEXTS_MAX texts, the oldest dropped first; `forget` drops them all.
 */
export function rememberingTexts(translate: Translate): { t: Translate; forget: () => void } {
  const texts = new Map<string, string>();
  const t: Translate = (key, values) => {
    const memoKey = textKey(key, values);
    if (memoKey === null) return translate(key, values);
    let text = texts.get(memoKey);
    if (text === undefined) text = keepAtMost(texts, TEXTS_MAX, memoKey, translate(key, values));
    return text;
  };
  return { t, forget: () => texts.clear() };
}

/**
 * The string at a dotted key, if there is one. Own keys only: a key named like an object's built-in (`constructor`) is
 * a key like any other.
 */
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
