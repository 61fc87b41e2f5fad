import type { Translate } from "../locales/translator";

/**
 * An article option as every page and e-mail shows it: sizes read as they are printed (10×15 cm, A4, 500 pieces);
 * finishes and papers are translated (`options.*` in locales/{lng}/options.json). The pages pass their own `t`; the
 * product API's e-mails pass `optionTranslate` (option-strings.ts), over the same strings.
 */
export function optionLabel(t: Translate, group: string, code: string): string {
  if (group === "size") {
    if (/^\d+x\d+$/.test(code)) return `${code.replace("x", "×")} cm`;
    if (/^a\d$/.test(code)) return code.toUpperCase();
    if (/^\d+$/.test(code)) return t("options.pieces", { count: Number(code) });
  }
  return t(`options.${group}.${code}`);
}

/** A line's options in a line of text, in their order: "10×15 cm · Błyszczące · Standardowy". */
export function optionsText(t: Translate, options: readonly { group: string; code: string }[]): string {
  return options.map((option) => optionLabel(t, option.group, option.code)).join(" · ");
}

type PagedLine = { innerPages: number | null; extraPages: number };

/** A paged design's pages as the cart, the order and the invoice show them, "32 pages (8 extra)"; null without. */
export function pagesText(t: Translate, line: PagedLine): string | null {
  if (line.innerPages === null) return null;
  const pages = t("options.pages", { count: line.innerPages });
  return line.extraPages ? `${pages} (${t("options.extraPages", { count: line.extraPages })})` : pages;
}

/** A line's options and, for a paged design, its pages: "21×21 cm · Mate · 32 pages (8 extra)". */
export function lineDetailsText(
  t: Translate,
  line: PagedLine & { options: readonly { group: string; code: string }[] },
) {
  return [optionsText(t, line.options), pagesText(t, line)].filter(Boolean).join(" · ");
}
