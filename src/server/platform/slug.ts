import { transliterate } from 'transliteration';
import { stripInvisible } from '../../shared/text/name-text';

/**
 * Slugs address groups and rides in URLs (spec 2 section 2: lowercase, non-alphanumeric runs turned
 * into hyphens). Names in any script get a readable one: the name is first transliterated to Latin
 * letters ("Мотоклуб Москва" → "motoklub-moskva", "東京ライダーズ" → "dong-jing-raidazu"). Server only:
 * the browser never makes slugs, so the transliteration tables (about 180 KB) stay out of the bundle.
 */
export const SLUG_MAX_LENGTH = 80;

export function slugify(name: string): string {
  const slug = transliterate(stripInvisible(name).normalize('NFKC'))
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  // Cut at a word boundary: a name of 255 CJK characters transliterates to about a thousand.
  const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}

/**
 * The slug a new or renamed group or ride starts from. A name that gives no Latin letter (emoji,
 * digits, a script the tables do not know) gets its kind and the start of its id instead, so no slug
 * is ever empty and none is a bare number: "🏍️🔥" → "group-3fa9c1d2", "2024" → "ride-2024-3fa9c1d2".
 * `firstFreeSlug` then appends "-2", "-3"... while it is taken.
 */
export function baseSlug(name: string, kind: 'group' | 'ride', id: string): string {
  const slug = slugify(name);
  if (/[a-z]/.test(slug)) return slug;
  return [kind, slug, id.replace(/-/g, '').slice(0, 8)].filter(Boolean).join('-');
}

/** `base` if free, else `base-2`, `base-3`... the first that `isTaken` says is free. */
export async function firstFreeSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    if (!(await isTaken(slug))) return slug;
  }
}
