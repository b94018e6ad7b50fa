/**
 * Spec 2 section 4: an image that fails to load is retried once with a cache-busting parameter.
 * The parameter name is ours; the server ignores query strings on stored files.
 */
export const IMAGE_RETRY_PARAM = 'retry';

/** The same URL with a cache-busting parameter added (keeping any query and fragment). */
export function cacheBustedUrl(src: string, stamp: number = Date.now()): string {
  const hashIndex = src.indexOf('#');
  const base = hashIndex === -1 ? src : src.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : src.slice(hashIndex);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${IMAGE_RETRY_PARAM}=${stamp}${hash}`;
}
