/** SPEC 5: slugs. */
/**
 * Lowercase, accents folded (á → a, ł → l, æ → ae: every brand's language stays readable in plain ASCII), spaces to
 * hyphens, punctuation removed. Letters of other scripts and emoji are removed too; what is left may be empty.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ß/g, "ss")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
