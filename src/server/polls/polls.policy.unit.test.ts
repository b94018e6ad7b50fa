import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/errors';
import { assertMayClose, assertMayPlanRide, assertMayRespond, isOpen, pollAbilities, type PollViewer } from './polls.policy';

const now = new Date('2030-06-01T12:00:00.000Z');
const open = { isActive: true, deadline: '2030-06-05T00:00:00.000Z' };
const closed = { isActive: false, deadline: '2030-06-05T00:00:00.000Z' };
const expired = { isActive: true, deadline: '2030-05-31T00:00:00.000Z' };
const viewer = (membership: PollViewer['membership'], extra: Partial<PollViewer> = {}): PollViewer => ({ membership, isCreator: false, hasResponded: false, ...extra });

function statusOf(check: () => void): number | null {
  try {
    check();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
}

describe('polls policy', () => {
  it('takes a poll past its deadline or closed as over', () => {
    expect([open, closed, expired].map((p) => isOpen(p, now))).toEqual([true, false, false]);
  });

  it('lets a member vote once, and plan the ride once the vote is over', () => {
    expect(pollAbilities(viewer('member'), open, now)).toEqual({ respond: true, close: false, planRide: false });
    expect(pollAbilities(viewer('member', { hasResponded: true }), open, now).respond).toBe(false);
    expect(pollAbilities(viewer('member'), expired, now)).toEqual({ respond: false, close: false, planRide: true });
    expect(statusOf(() => assertMayRespond(viewer('member', { hasResponded: true }), open, now))).toBe(409);
    expect(statusOf(() => assertMayRespond(viewer('member'), closed, now))).toBe(409);
    expect(statusOf(() => assertMayPlanRide(viewer('member'), open, now))).toBe(409);
  });

  it('lets the creator and the organizers close an active poll, again without error', () => {
    for (const v of [viewer('member', { isCreator: true }), viewer('owner'), viewer('co_organizer')]) {
      expect(pollAbilities(v, open, now).close).toBe(true);
      expect(pollAbilities(v, closed, now).close).toBe(false);
      expect(statusOf(() => assertMayClose(v))).toBeNull();
    }
    expect(statusOf(() => assertMayClose(viewer('member')))).toBe(403);
  });

  it('gives riders outside the group nothing, with 403 from every assert', () => {
    for (const membership of ['none', 'pending'] as const) {
      expect(pollAbilities(viewer(membership, { isCreator: true }), open, now)).toEqual({ respond: false, close: false, planRide: false });
      expect(statusOf(() => assertMayRespond(viewer(membership), open, now))).toBe(403);
      expect(statusOf(() => assertMayClose(viewer(membership, { isCreator: true })))).toBe(403);
      expect(statusOf(() => assertMayPlanRide(viewer(membership), closed, now))).toBe(403);
    }
  });
});
