/** Counted nouns as the group screens show them: "1 member", "12 members". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export function membersText(count: number): string {
  return countOf(count, 'member');
}

export function ridesText(count: number): string {
  return countOf(count, 'ride');
}

export function upcomingRidesText(count: number): string {
  return count === 0 ? 'No upcoming rides' : countOf(count, 'upcoming ride');
}

/** "Bologna, Italy · 50 km radius" */
export function radiusText(radiusKm: number): string {
  return `${radiusKm} km radius`;
}

/** The group page's address (spec 2 section 2: /groups/{groupName} with the name's slug). */
export function groupPath(slug: string): string {
  return `/groups/${encodeURIComponent(slug)}`;
}
