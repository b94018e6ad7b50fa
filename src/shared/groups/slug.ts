/**
 * Spec 2 section 2: slugs are lowercase names with non-alphanumeric runs turned into hyphens.
 * Leading and trailing hyphens are trimmed so "  Night Riders! " becomes "night-riders".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
