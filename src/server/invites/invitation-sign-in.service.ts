import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso, type Engine } from '../db/database';
import { groupsRepository } from '../groups/groups.repository';
import { announceNewMember } from '../groups/groups.service';
import { settleNotifications } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';
import { invitesRepository } from './invites.repository';

type Executor = Kysely<Database> | Transaction<Database>;

export interface JoinedBySignIn {
  group: { id: string; name: string; slug: string; creator_id: string };
  accountId: string;
  /** False when the account was a member already. */
  joined: boolean;
}

/**
 * Called by verifyMagicLink, inside its transaction, for a sign-in link issued while completing an
 * invitation with an address that already has an account (invites.service completeInvitation).
 * Makes the signed-in account a member of the invitation's group. The visitor who asked for the
 * link had joined at once (the answer is the same for free and taken addresses); when that visitor
 * is a guest without an address, the invitation passes to the account and the guest's membership
 * goes, so the group does not keep a stray guest for one invited rider.
 * Nothing happens for a revoked invitation, one used by somebody else, or a deleted group.
 */
export async function completeInvitationOnSignIn(
  tx: Executor,
  engine: Engine,
  link: { invitation_id?: string | null; purpose: string; requested_by_user_id: string | null },
  accountId: string,
): Promise<JoinedBySignIn | null> {
  if (!link.invitation_id || link.purpose !== 'sign_in') return null;
  const invitation = await invitesRepository.findForSignIn(tx, link.invitation_id);
  if (!invitation || invitation.revoked_at) return null;
  // The sign-in is not refused for it, but an account kept from rejoining the group is not joined
  // and uses nothing (groups.policy assertNotBanned); a guest's membership it would receive is
  // dropped by the merge (merge-guest.ts).
  if (await groupsRepository.isBanned(tx, invitation.group_id, accountId)) return null;
  const now = nowIso();
  const requester = link.requested_by_user_id;
  if (!invitation.used_by_user_id) {
    // The visitor's join did not happen (yet): the account takes the invitation while it is open.
    if (!(await invitesRepository.markUsed(tx, invitation.id, accountId, now))) return null;
  } else if (invitation.used_by_user_id !== accountId) {
    if (invitation.used_by_user_id !== requester) return null;
    const guest = await usersRepository.findById(tx, requester);
    if (guest && !guest.email) {
      await groupsRepository.removeMember(tx, engine, invitation.group_id, requester);
      await invitesRepository.passTo(tx, invitation.id, accountId);
    }
  }
  const group = { id: invitation.group_id, name: invitation.group_name, slug: invitation.group_slug, creator_id: invitation.creator_id };
  await groupsRepository.deleteRequestFor(tx, group.id, accountId);
  await usersRepository.markWelcomeSeen(tx, accountId);
  if (await groupsRepository.isMember(tx, group.id, accountId)) return { group, accountId, joined: false };
  await groupsRepository.addMember(tx, group.id, accountId, now);
  return { group, accountId, joined: true };
}

/** After the sign-in's transaction: tells the owner, as any join does, and settles a request the join answered. */
export async function announceJoinBySignIn(ctx: AppContext, result: JoinedBySignIn | null): Promise<void> {
  if (!result?.joined) return;
  await announceNewMember(ctx, result.group, result.accountId);
  await settleNotifications(ctx, 'membership_request', result.group.id, result.accountId);
}
