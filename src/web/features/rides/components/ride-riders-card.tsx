import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { UserAvatar } from '../../../components/users/user-avatar';
import { WaitlistStanding } from './ride-waitlist';

/**
 * Who rides: the rider's waitlist place, owner and navigator, and the participants. A ride of a
 * group that requires approval does not name its riders to those outside it (`ridersHidden`: the
 * server sent no participants and no navigator): they read how many ride, and why no names.
 */
export function RideRidersCard({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const { participantCount, maxRiders } = ride;
  return (
    <Card aria-labelledby="ride-people-title">
      <CardHeader titleId="ride-people-title" title={t`Riders`} icon={<Users aria-hidden="true" />} />
      <CardBody className="space-y-4">
        <WaitlistStanding ride={ride} />
        <dl className="space-y-2 text-sm">
          <PersonFact label={t`Owner`} person={ride.owner} />
          {ride.ridersHidden ? null : <PersonFact label={t`Navigator`} person={ride.navigator} />}
        </dl>
        <div>
          <h3 className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
            <Trans>
              Participants ({participantCount}/{maxRiders})
            </Trans>
          </h3>
          {ride.ridersHidden ? (
            <p className="mt-2 text-sm text-asphalt-600">
              <Trans>
                <span className="font-semibold text-asphalt-900">
                  <Plural value={participantCount} one="# rider" other="# riders" />
                </span>
                . Who rides is shown to the group&apos;s members.
              </Trans>
            </p>
          ) : ride.participants.length === 0 ? (
            <p className="mt-2 text-sm text-asphalt-500">
              <Trans>Nobody has joined yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Participants`} className="mt-2 flex flex-wrap gap-2">
              {ride.participants.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/profile/${encodeURIComponent(p.userId)}`}
                    className="flex items-center gap-1.5 rounded-full bg-asphalt-50 py-1 pe-3 ps-1 text-xs font-semibold text-asphalt-800 ring-1 ring-asphalt-200 hover:bg-asphalt-100"
                  >
                    <UserAvatar userId={p.userId} imageUrl={p.profileImageUrl} className="size-6 text-[10px]" />
                    {p.userId}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}

function PersonFact({ label, person }: { label: string; person: Ride['navigator'] }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-xl bg-asphalt-50 px-3 py-2.5">
      <dt className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        {person ? (
          <>
            <UserAvatar userId={person.userId} imageUrl={person.profileImageUrl} className="size-7 text-[10px]" />
            <Link to={`/profile/${encodeURIComponent(person.userId)}`} className="min-w-0 truncate font-semibold text-asphalt-900 hover:text-ignition-700 hover:underline" title={person.userId}>
              {person.userId}
            </Link>
          </>
        ) : (
          <span className="text-asphalt-500">
            <Trans>None</Trans>
          </span>
        )}
      </dd>
    </div>
  );
}
