import { deepFreeze } from "~/lib/deep-freeze";
import { keepAtMost } from "@contract/rules/keep-at-most";
import { stringAt, type Translations, type Tree } from "@contract/locales/translator";

// The browser's lookup is the contract's: the product API's e-mails read the same strings the same way. The server's
// pages read them with i18next (i18next.server.ts), held to the same output by i18next-equality.test.ts.
export {
  createTranslations,
  growingTranslations,
  rememberingTexts,
  type Translate,
  type TranslateValues,
  type Translations,
  type Tree,
} from "@contract/locales/translator";

/** A request's translations that note each key asked, so the document can carry the strings its render used. */
export function recording(base: Translations, strings: Tree): Translations {
  const used = new Set<string>();
  return {
    language: base.language,
    t: (key, values) => {
      used.add(key);
      return base.t(key, values);
    },
    pageStrings: () => pickedOnce(strings, used),
  };
}

/** The strings picked for a list of keys, per set of strings: a page asks for the same keys on every render. */
const picked = new WeakMap<Tree, Map<string, Tree>>();
const PICKED_MAX = 500;

/**
 * `stringsFor`, remembered by the keys in the order asked (a page renders them in the same order every time); frozen,
 * as pages share it.
 */
function pickedOnce(strings: Tree, keys: Set<string>): Tree {
  let byKeys = picked.get(strings);
  if (!byKeys) {
    byKeys = new Map();
    picked.set(strings, byKeys);
  }
  const id = [...keys].join("\n");
  let found = byKeys.get(id);
  if (!found) found = keepAtMost(byKeys, PICKED_MAX, id, deepFreeze(stringsFor(strings, keys)));
  return found;
}

const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"];

/**
 * The part of `strings` that `keys` name, each with its plural forms: what a page's first render needs in the browser.
 */
export function stringsFor(strings: Tree, keys: Iterable<string>): Tree {
  const picked: Tree = {};
  const copy = (key: string) => {
    const from = stringAt(strings, key);
    if (from === undefined) return;
    const parts = key.split(".");
    let into = picked;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(into, part) ? into[part] : undefined;
      if (typeof next === "string") return;
      const child = next ?? {};
      into[part] = child;
      into = child as Tree;
    }
    into[parts.at(-1)!] = from;
  };
  for (const key of keys) {
    copy(key);
    for (const suffix of PLURAL_SUFFIXES) copy(`${key}_${suffix}`);
  }
  return picked;
}
