import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso, type Engine } from '../db/database';
import { groupsRepository } from '../groups/groups.repository';
import { isInsider, membershipStatusOf } from '../groups/groups.policy';
import { publishNewMember, recordNewMember, type NewMemberNews } from '../groups/groups.service';
import { settleNotifications } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';
import { invitesRepository } from './invites.repository';

export interface JoinedBySignIn {
  group: { id: string; name: string; slug: string; creator_id: string };
  accountId: string;
  /** False when the account was a member already. */
  joined: boolean;
  /** When it joined: the owner told in the sign-in's transaction, published after it (publishNewMember). */
  news?: NewMemberNews;
}

/**
 * Called by verifyMagicLink, inside its transaction, for a sign-in link issued while completing an
 * invitation with an address that already has an account (invites.service completeInvitation).
 * The link is good for an hour, so it decides from what is true when it is followed, under the
 * group's lock (the one a removal takes first), as every other way into a group does:
 * - the visitor's join has not happened (yet): the account takes the invitation while it is open
 *   (markUsed: unused, unrevoked, unexpired, its inviter may still invite);
 * - the visitor's guest joined with it: the account takes over the membership that guest still
 *   holds, while the invitation is unrevoked and unexpired and its inviter may still invite. A
 *   guest removed meanwhile has nothing to hand over (it used to bring the account in all the
 *   same), and a guest that has an address of its own now is a rider of its own;
 * - anything else (used by somebody else; passed to the account by a guest merged into it, which
 *   moves only what the guest still holds): nothing.
 */
export async function completeInvitationOnSignIn(
  tx: Transaction<Database>,
  engine: Engine,
  link: { invitation_id?: string | null; purpose: string; requested_by_user_id: string | null },
  accountId: string,
): Promise<JoinedBySignIn | null> {
  if (!link.invitation_id || link.purpose !== 'sign_in') return null;
  const invitation = await invitesRepository.findForSignIn(tx, link.invitation_id);
  if (!invitation) return null;
  const standing = await groupsRepository.lockStanding(tx, engine, invitation.group_id, accountId, 'update');
  if (!standing) return null;
  // The sign-in is not refused for it, but an account kept from rejoining the group is not joined
  // and uses nothing (groups.policy assertNotBanned); a guest's membership it would receive is
  // dropped by the merge (merge-guest.ts).
  if (await groupsRepository.isBanned(tx, invitation.group_id, accountId)) return null;
  const now = nowIso();
  const requester = link.requested_by_user_id;
  // Read again under the lock: the invitation as it is now.
  const usedBy = (await invitesRepository.findForSignIn(tx, invitation.id))?.used_by_user_id ?? null;
  if (usedBy === null) {
    if (!(await invitesRepository.markUsed(tx, invitation.id, accountId, now))) return null;
  } else if (usedBy === requester && requester !== accountId) {
    if (!(await invitesRepository.stillValid(tx, invitation.id, now))) return null;
    const guest = await usersRepository.findById(tx, requester);
    if (!guest || guest.email) return null;
    if (!(await groupsRepository.removeMember(tx, engine, invitation.group_id, requester))) return null;
    await invitesRepository.passTo(tx, invitation.id, accountId);
  } else {
    return null;
  }
  const group = { id: invitation.group_id, name: invitation.group_name, slug: invitation.group_slug, creator_id: invitation.creator_id };
  await groupsRepository.deleteRequestFor(tx, group.id, accountId);
  await usersRepository.markWelcomeSeen(tx, accountId);
  if (isInsider(membershipStatusOf(standing, accountId))) return { group, accountId, joined: false };
  await groupsRepository.addMember(tx, group.id, accountId, now);
  return { group, accountId, joined: true, news: await recordNewMember(tx, group, accountId) };
}

/** After the sign-in's transaction: tells the owner, as any join does, and settles a request the join answered. */
export async function announceJoinBySignIn(ctx: AppContext, result: JoinedBySignIn | null): Promise<void> {
  if (!result?.joined) return;
  await publishNewMember(ctx, result.news);
  await settleNotifications(ctx, 'membership_request', result.group.id, result.accountId);
}
