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
