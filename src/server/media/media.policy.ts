/**
 * Who may attach an upload to what. Pure functions; the service calls them before touching data,
 * and a refusal answers 404 like a missing target, so other riders' things stay invisible.
 */

/** A rider's avatar and profile background can only be set by that rider. */
export function canAttachToProfile(userId: string, associatedId: string): boolean {
  return userId === associatedId;
}
