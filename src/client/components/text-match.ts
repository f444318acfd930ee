/** The informational pages' searches: a case-insensitive substring of any of the texts. */
export function matchesSearch(query: string, ...texts: ReadonlyArray<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => text?.toLowerCase().includes(needle));
}
