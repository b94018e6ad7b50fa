import { describe, expect, it } from 'vitest';
import { buildRoles, clientsByRole, type GroupRole } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// One role table drives both the group's `invite` ability (what the client shows) and what the
// invitation endpoints let each role do (invites.policy assertMayInvite).

const MAY_INVITE: Record<GroupRole, boolean> = { anonymous: false, guest: false, outsider: false, pending: false, member: false, coOrganizer: true, owner: true };

const t = useTestApp();

describe('invitation abilities and enforcement agree, role by role', () => {
  it.each(Object.entries(MAY_INVITE))('%s', async (role, mayInvite) => {
    const r = await buildRoles(t);
    const client = clientsByRole(r)[role as GroupRole];
    const base = `/api/groups/${r.group.id}`;
    const created = (await r.owner.client.post(`${base}/invite`, { inviterFirstName: 'Marco', inviteeName: 'Giulia' })).json() as { magicLink: string };
    const [open] = (await r.owner.client.get(`${base}/invitations`)).json() as Array<{ id: string }>;
    expect(created.magicLink).toBeTruthy();

    const group = (await client.get(base)).json() as { abilities: { invite: boolean } };
    expect(group.abilities.invite).toBe(mayInvite);
    const answers = [
      await client.post(`${base}/invite`, { inviterFirstName: 'Ana', inviteeName: 'Ben' }),
      await client.get(`${base}/invitations`),
      await client.delete(`${base}/invitations/${open!.id}`),
    ];
    for (const res of answers) {
      expect(res.statusCode < 300, `${role}: ${res.statusCode} ${res.body}`).toBe(mayInvite);
      if (!mayInvite) expect(res.statusCode).toBe(role === 'anonymous' ? 401 : 403);
    }
  });
});
