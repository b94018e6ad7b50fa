import { Link } from 'react-router';
import { ChevronRight, Route } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format-date';
import { formatDistance } from '../../../lib/units';
import { type RecentRide, useRecentRides } from '../../../api/users';
import { CardNote } from './card-note';

/** The profile's Recent Rides, with distances in the viewer's unit. */
export function RecentRidesCard({ accountId, units }: { accountId: string; units: PreferredUnits }) {
  const { t } = useLingui();
  const rides = useRecentRides(accountId);
  const items = rides.data ?? [];
  return (
    <Card aria-labelledby="recent-rides-title">
      <CardHeader titleId="recent-rides-title" icon={<Route />} title={t`Recent Rides`} />
      <CardBody>
        {rides.isPending ? (
          <SkeletonLines className="space-y-2" lines={['h-14 rounded-xl', 'h-14 rounded-xl']} />
        ) : rides.isLoadingError ? (
          <CardNote><Trans>Recent rides will appear here.</Trans></CardNote>
        ) : items.length === 0 ? (
          <CardNote><Trans>No recent rides yet.</Trans></CardNote>
        ) : (
          <ul className="divide-y divide-asphalt-100">
            {items.map((ride) => (
              <li key={ride.id}>
                <RideRow ride={ride} units={units} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function RideRow({ ride, units }: { ride: RecentRide; units: PreferredUnits }) {
  const content = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-bold text-asphalt-950" title={ride.name}>{ride.name}</span>
        <span className="block truncate text-xs text-asphalt-500">{[ride.groupName, formatDate(ride.startTime)].filter(Boolean).join(' · ')}</span>
      </span>
      {ride.totalDistanceKm !== null ? (
        <span className="shrink-0 text-sm font-semibold text-asphalt-700 tabular-nums">{formatDistance(ride.totalDistanceKm, units)}</span>
      ) : null}
    </>
  );
  if (!ride.groupSlug) return <div className="flex items-center gap-3 py-3">{content}</div>;
  return (
    <Link
      to={`/groups/${encodeURIComponent(ride.groupSlug)}/rides/${encodeURIComponent(ride.slug)}`}
      className="group -mx-2 flex items-center gap-3 rounded-lg px-2 py-3 transition-colors hover:bg-asphalt-50"
    >
      {content}
      <ChevronRight className="size-4 shrink-0 text-asphalt-300 group-hover:text-asphalt-500" aria-hidden="true" />
    </Link>
  );
}
