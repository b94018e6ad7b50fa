import { describe, expect, it } from 'vitest';
import { canEditAccount, canViewProfile } from './users.policy';

describe('canViewProfile', () => {
  // viewer: owner, group-mate (shares a group), stranger (signed in), anonymous
  const table = [
    ['public', [true, true, true, true]],
    ['groups', [true, true, false, false]],
    ['private', [true, false, false, false]],
  ] as const;
  it.each(table)('%s profiles: owner, group-mate, stranger, anonymous -> %j', (visibility, expected) => {
    const results = [
      canViewProfile({ viewerId: 'owner', ownerId: 'owner', visibility, shareAGroup: false }),
      canViewProfile({ viewerId: 'mate', ownerId: 'owner', visibility, shareAGroup: true }),
      canViewProfile({ viewerId: 'stranger', ownerId: 'owner', visibility, shareAGroup: false }),
      canViewProfile({ viewerId: null, ownerId: 'owner', visibility, shareAGroup: false }),
    ];
    expect(results).toEqual(expected);
  });
});

describe('canEditAccount', () => {
  it('allows only the account itself', () => {
    expect(canEditAccount('a', 'a')).toBe(true);
    expect(canEditAccount('b', 'a')).toBe(false);
    expect(canEditAccount(null, 'a')).toBe(false);
  });
});
