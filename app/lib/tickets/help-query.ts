const MIN_WORD = 4;
const MAX_WORDS = 8;
const MAX_LENGTH = 100;

/**
 * The words of what a customer writes to support that say most about it, as a search for help topics: the longest
 * distinct ones (short words are mostly "the", "and", "my"), at most eight and within the search's 100 characters.
 */
export function helpQueryOf(text: string): string {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter(
    (word) => word.length >= MIN_WORD,
  );
  const chosen = words.sort((a, b) => b.length - a.length).slice(0, MAX_WORDS);
  let query = "";
  for (const word of chosen)
    if (query.length + word.length + 1 <= MAX_LENGTH) query = query ? `${query} ${word}` : word;
  return query;
}
