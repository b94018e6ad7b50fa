/** The ride's page: by group and ride slugs, or by id for a ride without a group (spec 2 section 2). */
export function ridePath(ride: { id: string; slug: string; groupSlug: string | null }): string {
  return ride.groupSlug ? `/groups/${encodeURIComponent(ride.groupSlug)}/rides/${encodeURIComponent(ride.slug)}` : `/rides/${encodeURIComponent(ride.id)}`;
}
