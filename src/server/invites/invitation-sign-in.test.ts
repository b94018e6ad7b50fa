import { describe, expect, it } from 'vitest';
import { buildSignedInUser, TestClient, tokenFromMail } from '../test/test-app';
import { addMember, buildGroup, buildGuest, buildInvitation, makeCoOrganizer, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// The sign-in link mailed while an invitation is completed with the address of an existing account
// (invitation-sign-in.service.ts) makes that account a member only as every other way in would:
// it takes over the membership the visitor's guest still holds, while the invitation still speaks
// for its inviter. It used to add the account whatever had happened since, for an hour.

const t = useTestApp();

/** The token of a new invitation. */
const invite = async (inviter: Rider, groupId: string) => (await buildInvitation(inviter, groupId)).token;

async function statusIn(client: TestClient, groupId: string): Promise<string> {
  return (await client.get(`/api/groups/${groupId}`)).json().membershipStatus;
}

async function memberIds(owner: Rider, groupId: string): Promise<string[]> {
  return ((await owner.client.get(`/api/groups/${groupId}/members`)).json() as Array<{ id: string }>).map((m) => m.id).sort();
}

/**
 * An approval group; a visitor (a guest on a new device) completes `inviter`'s invitation with the
 * address of an existing account, and so joins at once; the account is mailed a sign-in link.
 */
async function visitorJoinsWithAccountAddress(inviterRole: 'owner' | 'coOrganizer' = 'owner') {
  const owner = await buildGuest(t);
  const group = await buildGroup(owner, { membershipApprovalRequired: true });
  let inviter = owner;
  if (inviterRole === 'coOrganizer') {
    inviter = await buildGuest(t);
    await addMember(owner, inviter, group.id);
    await makeCoOrganizer(owner, inviter, group.id);
  }
  const account = await buildSignedInUser(t);
  const token = await invite(inviter, group.id);
  const visitor = await buildGuest(t);
  expect((await visitor.client.post(`/api/invite/${token}/complete`, { email: account.user.email })).statusCode).toBe(200);
  expect(await statusIn(visitor.client, group.id)).toBe('member');
  return { owner, inviter, group, account, visitor, linkToken: tokenFromMail(t.mail, account.user.email) };
}

describe('the sign-in link of a completed invitation', () => {
  it('does not bring back a newcomer the owner removed, in the browser that asked for it', async () => {
    const { owner, group, account, visitor, linkToken } = await visitorJoinsWithAccountAddress();
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${visitor.user.id}`)).statusCode).toBe(200);
    const verified = await visitor.client.post('/api/auth/verify-magic-link', { token: linkToken });
    expect(verified.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in' });
    expect((await visitor.client.get('/api/users/current')).json().id).toBe(account.user.id);
    expect(await statusIn(account.client, group.id)).toBe('none');
    expect(await memberIds(owner, group.id)).toEqual([owner.user.id]);
  });

  it('does not bring back a newcomer the owner removed, opened on another device', async () => {
    const { owner, group, account, visitor, linkToken } = await visitorJoinsWithAccountAddress();
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${visitor.user.id}`)).statusCode).toBe(200);
    const phone = new TestClient(t.app);
    expect((await phone.post('/api/auth/verify-magic-link', { token: linkToken, confirm: true })).json()).toMatchObject({ status: 'signed_in' });
    expect(await statusIn(account.client, group.id)).toBe('none');
    expect(await memberIds(owner, group.id)).toEqual([owner.user.id]);
  });

  it('hands nothing over once the invitation is revoked: the newcomer stays, the account does not join', async () => {
    const { owner, group, account, visitor, linkToken } = await visitorJoinsWithAccountAddress();
    // A used invitation cannot be revoked through the API; the state is set as a revocation would leave it.
    await t.app.ctx.db.updateTable('invitations').set({ revoked_at: new Date().toISOString() }).where('group_id', '=', group.id).execute();
    expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: linkToken, confirm: true })).json()).toMatchObject({ status: 'signed_in' });
    expect(await statusIn(account.client, group.id)).toBe('none');
    expect(await memberIds(owner, group.id)).toEqual([owner.user.id, visitor.user.id].sort());
  });

  it('hands nothing over once its inviter may no longer invite (a co-organizer made a plain member, or removed)', async () => {
    for (const lose of ['demote', 'remove'] as const) {
      const { owner, inviter, group, account, visitor, linkToken } = await visitorJoinsWithAccountAddress('coOrganizer');
      const lost =
        lose === 'demote'
          ? await owner.client.put(`/api/groups/${group.id}/members/${inviter.user.id}/role`, { role: 'member' })
          : await owner.client.delete(`/api/groups/${group.id}/members/${inviter.user.id}`);
      expect(lost.statusCode).toBe(200);
      expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: linkToken, confirm: true })).json()).toMatchObject({ status: 'signed_in' });
      expect(await statusIn(account.client, group.id), lose).toBe('none');
      expect(await statusIn(visitor.client, group.id), lose).toBe('member');
    }
  });

  it('still hands the newcomer’s membership to the account while nothing has changed', async () => {
    const { owner, group, account, visitor, linkToken } = await visitorJoinsWithAccountAddress('coOrganizer');
    expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: linkToken, confirm: true })).json()).toMatchObject({ status: 'signed_in', groupSlug: group.slug });
    expect(await statusIn(account.client, group.id)).toBe('member');
    expect((await memberIds(owner, group.id)).includes(visitor.user.id)).toBe(false);
  });
});
