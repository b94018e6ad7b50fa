import { stripInvisible } from '../../shared/text/name-text';

/**
 * What makes two group names the same name ("A group with this name already exists"): the same
 * words of letters and digits, in any script, ignoring case, punctuation, symbols, spacing and
 * invisible characters, with compatibility forms unified (NFKC: "ﬁ" is "fi", full-width is
 * half-width). "alpine   WOLVES!" is "Alpine Wolves"; "Café" is not "Cafe"; "Мотоклуб" is not
 * "Motoklub", although both transliterate to the same slug (the second gets a suffix). A name
 * with no letter or digit (emoji) is compared as written, spacing and case aside.
 * Stored as `groups.name_key` under a unique index (migration 016), so two concurrent creations
 * cannot both win. Slugs are never compared.
 */
export function groupNameKey(name: string): string {
  const folded = stripInvisible(name).normalize('NFKC').toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(folded)) return folded.replace(/\s+/g, ' ').trim();
  return folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
}
