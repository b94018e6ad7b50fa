/**
 * Text as the page's search fields compare it: case folded in every script, accents dropped
 * ("Sao Paulo" finds "São Paulo"), a phone keyboard's curly apostrophes and quotes read as the
 * straight ones ("dell’Adige" finds "dell'Adige"), any dash as "-", and runs of spacing as one space.
 */
export function searchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase()
    .replace(/[\u2018\u2019\u201A\u201B\u02BC\u00B4\u0060]/g, "'")
    .replace(/[\u201C\u201D\u201E\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether any of `texts` contains the search (empty search: everything matches). */
export function matchesSearchText(texts: ReadonlyArray<string | null | undefined>, search: string): boolean {
  const needle = searchText(search);
  return needle === '' || texts.some((text) => text && searchText(text).includes(needle));
}
