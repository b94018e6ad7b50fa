import type { ProfileVisibility } from '../../shared/users/current-user';

/**
 * Who may see a rider's public profile (spec 1 section 6): public - everyone; groups - riders who
 * share a group with them; private - nobody but the rider. The rider always sees their own.
 */
export function canViewProfile(input: { viewerId: string | null; ownerId: string; visibility: ProfileVisibility; shareAGroup: boolean }): boolean {
  if (input.viewerId === input.ownerId) return true;
  switch (input.visibility) {
    case 'public':
      return true;
    case 'groups':
      return input.viewerId !== null && input.shareAGroup;
    case 'private':
      return false;
  }
}

/** Profile editing is only for the signed-in rider on their own account (spec 1 section 6). */
export function canEditAccount(actorId: string | null, accountId: string): boolean {
  return actorId !== null && actorId === accountId;
}
