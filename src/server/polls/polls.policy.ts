import type { MembershipStatus } from '../../shared/groups/group';
import type { PollAbilities } from '../../shared/polls/poll';
import { conflict, forbidden } from '../platform/errors';
import { isInsider, isOrganizer } from '../groups/groups.policy';

/** Who is looking at a poll: their standing in the poll's group, and whether they created it or answered it. */
export interface PollViewer {
  membership: MembershipStatus;
  isCreator: boolean;
  hasResponded: boolean;
}

/** The poll's state that the rules read. */
export interface PollState {
  isActive: boolean;
  deadline: string;
}

export const NOT_A_MEMBER = 'Only group members can take part in polls';
export const POLL_CLOSED = 'This poll is closed';
export const ALREADY_RESPONDED = 'You have already responded to this poll';
export const NOT_CLOSER = "Only the poll's creator or the group's organizers can close it";
export const STILL_OPEN = 'Close the poll before planning its ride';

/** A rider may vote while the poll is active and before its deadline (spec 2 section 4, "Poll"). */
export function isOpen(poll: PollState, now = new Date()): boolean {
  return poll.isActive && poll.deadline > now.toISOString();
}

/** Polls belong to the group's members: they see them, create them and vote (spec 2 section 6). */
export function mayTakePart(viewer: Pick<PollViewer, 'membership'>): boolean {
  return isInsider(viewer.membership);
}

/** The poll's creator, or whoever runs the group (its owner and co-organizers), may end the vote. */
function mayClose(viewer: PollViewer): boolean {
  return mayTakePart(viewer) && (viewer.isCreator || isOrganizer(viewer.membership));
}

/**
 * What the viewer may do with the poll. A vote cannot be changed, so `respond` ends with the first
 * answer. A ride is planned from a poll whose vote is over (closed, or past its deadline) by anyone
 * who may plan the group's rides, which is every member.
 */
export function pollAbilities(viewer: PollViewer, poll: PollState, now = new Date()): PollAbilities {
  const open = isOpen(poll, now);
  return {
    respond: mayTakePart(viewer) && open && !viewer.hasResponded,
    close: mayClose(viewer) && poll.isActive,
    planRide: mayTakePart(viewer) && !open,
  };
}

/** Who answered which date is for the group's members only. */
export function maySeeVoters(viewer: Pick<PollViewer, 'membership'>): boolean {
  return mayTakePart(viewer);
}

export function assertMayTakePart(viewer: Pick<PollViewer, 'membership'>): void {
  if (!mayTakePart(viewer)) throw forbidden('poll_members_only');
}

export function assertMayRespond(viewer: PollViewer, poll: PollState, now = new Date()): void {
  if (pollAbilities(viewer, poll, now).respond) return;
  assertMayTakePart(viewer);
  if (!isOpen(poll, now)) throw conflict('poll_closed');
  throw conflict('poll_already_responded');
}

/** Closing a closed poll changes nothing and is not an error, so a second click or a retry is harmless. */
export function assertMayClose(viewer: PollViewer): void {
  assertMayTakePart(viewer);
  if (!mayClose(viewer)) throw forbidden('poll_not_closer');
}

export function assertMayPlanRide(viewer: PollViewer, poll: PollState, now = new Date()): void {
  if (pollAbilities(viewer, poll, now).planRide) return;
  assertMayTakePart(viewer);
  throw conflict('poll_still_open');
}
