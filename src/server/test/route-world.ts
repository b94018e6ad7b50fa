import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';
import { buildRide, buildRoles } from './factories';
import { PHOTO, postMultipart } from '../media/media.test-helpers';

/** The body of a 201 answer; anything else fails the world being built. */
export async function expectCreated(response: Promise<LightMyRequestResponse>): Promise<{ id: string } & Record<string, unknown>> {
  const res = await response;
  if (res.statusCode !== 201) throw new Error(`building the world failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An ISO time `n` days from now. */
export const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/**
 * Something behind every route, for the tests that walk all the routes the app registers (never
 * a 500, caching): buildRoles' group with a ride the member joined, a poll, the member's comment,
 * an open invitation and a photo of the ride.
 */
export async function buildRouteWorld(t: TestApp) {
  const roles = await buildRoles(t);
  const { owner, member, group } = roles;
  const ride = await buildRide(owner, group.id);
  await member.client.post(`/api/rides/${ride.id}/join`);
  const poll = await expectCreated(
    owner.client.post('/api/polls', { title: 'Alps weekend', destination: 'Bormio', durationDays: 2, deadline: daysFromNow(5), groupId: group.id, proposedDates: [daysFromNow(10)] }),
  );
  const comment = await expectCreated(member.client.post(`/api/rides/${ride.id}/comments`, { content: 'See you there' }));
  const invitation = await expectCreated(owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Anna', inviteeName: 'Marco' }));
  const media = await expectCreated(
    postMultipart(t, '/api/media', owner.client, [
      { name: 'associatedType', value: 'ride' },
      { name: 'associatedId', value: ride.id },
      { name: 'file', filename: 'stelvio.jpg', type: 'image/jpeg', data: PHOTO },
    ]),
  );
  return { ...roles, ride, poll, comment, invitation, media };
}

/** What `:id` names in an API path, by how the path starts: the first that fits. */
const ID_KINDS = [['/api/groups/', 'group'], ['/api/rides/', 'ride'], ['/api/media/', 'media'], ['/api/polls/', 'poll'], ['/api/users/', 'user'],
  ['/api/notifications/', 'notification'], ['/api/auth/sessions/', 'session'], ['/api/series/', 'series']] as const;
export type IdKind = (typeof ID_KINDS)[number][1];

export function idKindOf(path: string): IdKind | undefined {
  return ID_KINDS.find(([prefix]) => path.startsWith(prefix))?.[1];
}
