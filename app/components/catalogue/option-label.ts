import type { Translate } from "~/lib/i18n/translator";

/** Sizes read as they are printed (10×15 cm, A4, 500 pieces); finishes and papers are translated. */
export function optionLabel(t: Translate, group: string, code: string): string {
  if (group === "size") {
    if (/^\d+x\d+$/.test(code)) return `${code.replace("x", "×")} cm`;
    if (/^a\d$/.test(code)) return code.toUpperCase();
    if (/^\d+$/.test(code)) return t("options.pieces", { count: Number(code) });
  }
  return t(`options.${group}.${code}`);
}
