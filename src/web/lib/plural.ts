/** English plural categories ("1 stop", "2 stops", "0 stops"): the UI never writes "stop(s)". */
const englishPlural = new Intl.PluralRules('en');

/**
 * "1 file", "3 files": `n` then the one or other form.
 *
 * @deprecated English only: write the count with Lingui's `plural` (`@lingui/core/macro`) or
 * `<Plural>` (`@lingui/react/macro`) instead, which every language's plural forms follow (issue 31).
 */
export function countOf(n: number, one: string, other: string): string {
  return `${n.toLocaleString('en')} ${englishPlural.select(n) === 'one' ? one : other}`;
}
