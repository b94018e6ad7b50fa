/** The group page's address (spec 2 section 2: /groups/{groupName} with the name's slug). */
export function groupPath(slug: string): string {
  return `/groups/${encodeURIComponent(slug)}`;
}
