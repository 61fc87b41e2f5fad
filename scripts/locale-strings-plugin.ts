import { readdirSync, readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { localeStrings, stringsFile, type Tree } from "../app/lib/i18n/locale-files.ts";
import { LOCALES } from "../contract/locales/locales.ts";

/**
 * Writes each locale's strings (locales/{lng}/*.json merged, as the tests' bundle merges them) among the client build's
 * static files, where the storefront reads them once per isolate with its ASSETS binding
 * (app/lib/i18n/strings.server.ts) instead of carrying eight languages in its bundle.
 */
export function localeStringFiles(): Plugin {
  return {
    name: "storefront:locale-strings",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const files = readdirSync("locales", { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".json"))
        .map((file): [string, Tree] => [
          `/locales/${file}`,
          JSON.parse(readFileSync(`locales/${file}`, "utf8")) as Tree,
        ]);
      for (const locale of LOCALES) {
        this.emitFile({
          type: "asset",
          fileName: stringsFile(locale).slice(1),
          source: JSON.stringify(localeStrings(locale, files)),
        });
      }
    },
  };
}
