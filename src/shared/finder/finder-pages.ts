/**
 * The finders (spec 2 section 9) answer a page at a time, nearest first: a phone shows the first
 * page at once and fetches the next when the rider asks for more, instead of a hundred cards.
 * Kept apart from the schemas (finder.ts) so the finder screen reads them without zod.
 */
export const FINDER_PAGE_SIZE = 24;
/** A search weighs the nearest thousand places at most; a total at this cap reads "1000 or more". */
export const FINDER_MOST_RESULTS = 1000;

/** A tab's count: the total within the radius, "1000+" once it reaches what a search weighs. */
export function finderCountLabel(total: number): string {
  return total >= FINDER_MOST_RESULTS ? `${FINDER_MOST_RESULTS}+` : String(total);
}
