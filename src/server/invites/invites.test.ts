import sharp from 'sharp';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { buildSignedInUser, tokenFromMail } from '../test/test-app';
import { buildGroup, buildGuest, buildInvitation, buildInvitedGroup, buildRoles } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

async function decodeQr(dataUrl: string): Promise<string | null> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('POST /api/groups/{id}/invite', () => {
  it('gives the owner a link, a QR code of exactly that link, and a 7-day expiry', async () => {
    const { invitation: result } = await buildInvitedGroup(t);
    expect(result.magicLink).toMatch(/^http:\/\/rc\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(await decodeQr(result.qrCodeDataUrl)).toBe(result.magicLink);
    const days = (new Date(result.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await t.app.ctx.db.selectFrom('invitations').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === result.token)).toBe(false);
  });

  it('mails the link when an owner with a confirmed address gives an invitee e-mail, in our words', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner, { name: 'Free Pills At evil dot example' });
    const result = await buildInvitation(owner, group.id, { inviterFirstName: 'Marco', inviteeName: 'Click https://evil.example now', inviteeEmail: 'Giulia@Example.com' });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('giulia@example.com');
    expect(mail.text).toContain(result.magicLink);
    expect(mail.html).toContain(result.magicLink);
    // The inviter's first name is the only text the sender chose; no group name, no invitee name.
    expect(mail.subject).toBe('Marco invited you to ride with their group on RoadCaptain');
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toContain('evil');
      expect(part).not.toContain('Pills');
      expect(part).not.toContain('Click');
    }
  });

  it.each([
    [{ inviteeName: 'Giulia' }, 'Please enter your first name.'],
    [{ inviterFirstName: '  ', inviteeName: 'Giulia' }, 'Please enter your first name.'],
    [{ inviterFirstName: 'Marco' }, "Please enter either the invitee's name or email address."],
    [{ inviterFirstName: 'Marco', inviteeEmail: 'not-an-email' }, 'Please enter a valid email address.'],
  ])('refuses %j with the spec message', async (body, message) => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const res = await owner.client.post(`/api/groups/${group.id}/invite`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is for the owner only', async () => {
    const r = await buildRoles(t);
    const body = { inviterFirstName: 'X', inviteeName: 'Y' };
    for (const who of [r.member, r.pending, r.outsider]) expect((await who.client.post(`/api/groups/${r.group.id}/invite`, body)).statusCode).toBe(403);
    expect((await r.anonymous.post(`/api/groups/${r.group.id}/invite`, body)).statusCode).toBe(401);
  });
});

describe('the invitation landing', () => {
  it('shows group, inviter and invitee; completing joins an approval group directly and tells the owner', async () => {
    const { owner, group, invitation: { token } } = await buildInvitedGroup(t, { membershipApprovalRequired: true });
    const visitor = await buildGuest(t);
    const view = await visitor.client.get(`/api/invite/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      success: true,
      group: { id: group.id, name: group.name, slug: group.slug },
      invitation: { inviteeName: 'Giulia' },
      inviter: { firstName: 'Marco', userId: owner.user.userId },
      needsEmail: true,
    });

    const missing = await visitor.client.post(`/api/invite/${token}/complete`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email Required');
    const invalid = await visitor.client.post(`/api/invite/${token}/complete`, { email: 'nope' });
    expect(invalid.json().message).toBe('Invalid Email');

    const done = await visitor.client.post(`/api/invite/${token}/complete`, { email: 'giulia@example.com' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, groupId: group.id, groupSlug: group.slug });
    expect((await visitor.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('member');
    expect((await visitor.client.get('/api/users/current')).json().isFirstVisit).toBe(false);
    expect((await owner.client.get('/api/notifications')).json()[0]).toMatchObject({ type: 'member_joined' });

    // The address becomes the account's only once confirmed.
    expect((await visitor.client.get('/api/users/current')).json().email).toBeNull();
    await visitor.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, 'giulia@example.com') });
    expect((await visitor.client.get('/api/users/current')).json()).toMatchObject({ id: visitor.user.id, email: 'giulia@example.com' });
  });

  it('settles the organizers’ notification of a request that the invitation answered', async () => {
    const r = await buildRoles(t);
    const waiting = await buildSignedInUser(t);
    await waiting.client.post(`/api/groups/${r.group.id}/join`);
    const { token } = await buildInvitation(r.owner, r.group.id);
    const asks = async (organizer: typeof r.owner) =>
      ((await organizer.client.get('/api/notifications')).json() as Array<{ type: string; isRead: boolean; subject: { riderHandle: string } }>).filter(
        (n) => n.type === 'membership_request' && n.subject.riderHandle === waiting.user.userId,
      );
    expect((await asks(r.owner)).map((n) => n.isRead)).toEqual([false]);
    expect((await asks(r.coOrganizer)).map((n) => n.isRead)).toEqual([false]);

    expect((await waiting.client.post(`/api/invite/${token}/complete`, {})).json()).toMatchObject({ alreadyMember: false });
    const requests = (await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json() as Array<{ user: { id: string } }>;
    expect(requests.map((q) => q.user.id)).toEqual([r.pending.user.id]);
    // Nothing is left asking the organizers to decide a request that is gone.
    expect((await asks(r.owner)).map((n) => n.isRead)).toEqual([true]);
    expect((await asks(r.coOrganizer)).map((n) => n.isRead)).toEqual([true]);
  });

  it('does not ask a rider with a confirmed e-mail for one', async () => {
    const { invitation: { token } } = await buildInvitedGroup(t);
    const rider = await buildSignedInUser(t);
    expect((await rider.client.get(`/api/invite/${token}`)).json().needsEmail).toBe(false);
    expect((await rider.client.post(`/api/invite/${token}/complete`)).statusCode).toBe(200);
  });

  it('works once: a used, expired, unknown or malformed invitation is invalid', async () => {
    const { owner, group, invitation: first } = await buildInvitedGroup(t);
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    expect((await a.client.post(`/api/invite/${first.token}/complete`, { email: 'a1@example.com' })).statusCode).toBe(200);
    for (const res of [
      await b.client.get(`/api/invite/${first.token}`),
      await b.client.post(`/api/invite/${first.token}/complete`, { email: 'b1@example.com' }),
      await b.client.get(`/api/invite/${'A'.repeat(43)}`),
      await b.client.get('/api/invite/short'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Invalid Invitation: This invitation link is invalid or has expired.');
    }
    const second = await buildInvitation(owner, group.id);
    await t.app.ctx.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    expect((await b.client.get(`/api/invite/${second.token}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('none');
  });
});
