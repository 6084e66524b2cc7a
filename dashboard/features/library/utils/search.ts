/** Lower case without accents, so 'Café' is found by 'cafe'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a search box: empty when the box is blank. */
export function searchTerms(query: string): string[] {
  return normalizeSearchText(query).split(/\s+/).filter(Boolean);
}

/** True when every word of the query occurs in the title or the prompt (in any order, case and accents ignored). */
export function matchesSearch(
  item: { title: string; prompt: string },
  terms: readonly string[],
): boolean {
  if (terms.length === 0) return true;
  const haystack = normalizeSearchText(`${item.title}\n${item.prompt}`);
  return terms.every((t) => haystack.includes(t));
}
