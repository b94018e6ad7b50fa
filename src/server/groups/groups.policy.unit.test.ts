import { describe, expect, it } from 'vitest';
import { assertCanJoin, groupAbilities } from './groups.policy';

describe('groupAbilities', () => {
  // Columns: join, leave, manage, delete, invite, createRide, createPoll, viewMembers
  const table = [
    ['anonymous', 'none', false, [0, 0, 0, 0, 0, 0, 0, 0]],
    ['outsider', 'none', true, [1, 0, 0, 0, 0, 0, 0, 0]],
    ['pending member', 'pending', true, [0, 0, 0, 0, 0, 0, 0, 0]],
    ['member', 'member', true, [0, 1, 0, 0, 0, 1, 1, 1]],
    ['owner', 'owner', true, [0, 0, 1, 1, 1, 1, 1, 1]],
  ] as const;
  it.each(table)('%s', (_role, status, signedIn, expected) => {
    const a = groupAbilities(status, signedIn);
    expect([a.join, a.leave, a.manage, a.delete, a.invite, a.createRide, a.createPoll, a.viewMembers].map(Number)).toEqual(expected);
  });

  it('offers a banned rider nothing, Join included, and refuses their join with 403', () => {
    expect(Object.values(groupAbilities('none', true, true)).some(Boolean)).toBe(false);
    expect(() => assertCanJoin('none', true)).toThrow(expect.objectContaining({ statusCode: 403, message: "You can't join this group" }));
    expect(() => assertCanJoin('none', false)).not.toThrow();
  });
});
