import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Clock, Compass, Globe, Hourglass, MapPinned, Navigation, Timer, Users, Vote } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { distanceKm } from '../../../../shared/geo/coordinates';
import type { Ride } from '../../../../shared/rides/ride';
import { rideStops } from '../../../../shared/rides/ride-time';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DURATION_MESSAGES, rideSchedule } from '../../../lib/rides/ride-format';
import { formatDistance } from '../../../lib/units';
import { WaitingCount } from './ride-waitlist';
import { usePreferences } from '../../../api/users';

/** The ride's facts: distance (and from the rider's location), schedule on the ride's clock, seats, group and poll. */
export function RideFactsCard({ ride, user }: { ride: Ride; user: CurrentUser | null }) {
  const { t, i18n } = useLingui();
  const { units } = usePreferences();
  const { minRiders } = ride;
  const schedule = rideSchedule(ride);
  const start = rideStops(ride)[0];
  const fromYou =
    user && user.latitude !== null && user.longitude !== null && start && start.latitude !== null && start.longitude !== null
      ? distanceKm({ lat: user.latitude, lon: user.longitude }, { lat: start.latitude, lon: start.longitude })
      : null;

  return (
    <Card aria-labelledby="ride-facts-title">
      <CardHeader titleId="ride-facts-title" title={t`Ride Details`} icon={<CalendarDays aria-hidden="true" />} />
      <CardBody>
        <dl className="divide-y divide-asphalt-100 text-sm">
          <Fact icon={<Navigation />} label={t`Total distance`}>
            {ride.totalDistanceKm !== null ? formatDistance(ride.totalDistanceKm, units, 2) : t`Not known yet`}
          </Fact>
          {fromYou !== null ? (
            <Fact icon={<Compass />} label={t`From your location`}>
              {formatDistance(fromYou, units)}
            </Fact>
          ) : null}
          <Fact icon={<CalendarDays />} label={t`Start date`}>
            {schedule.startDate}
          </Fact>
          <Fact icon={<Clock />} label={t`Start time`}>
            {schedule.startTime}
          </Fact>
          <Fact icon={<CalendarDays />} label={t`End date`}>
            {schedule.endDate}
          </Fact>
          <Fact icon={<Timer />} label={t`Duration`}>
            {i18n._(DURATION_MESSAGES[ride.duration])}
          </Fact>
          <Fact icon={<Globe />} label={t`Timezone`}>
            {ride.timezoneName} <span className="font-normal whitespace-nowrap text-asphalt-500">({ride.timezoneOffset})</span>
            {/* The IANA zone too: a label such as "Berlin" or "Central European Time" may name more than one zone. */}
            {ride.timezone !== ride.timezoneName ? <span className="block text-xs font-normal text-asphalt-500">{ride.timezone}</span> : null}
          </Fact>
          <Fact icon={<Users />} label={t`Participants`}>
            {ride.participantCount}/{ride.maxRiders}
            {ride.minRiders > 1 ? <span className="text-asphalt-500">
                {' '}
                <Trans>(min {minRiders})</Trans>
              </span> : null}
            {ride.waitlist && ride.waitlist.count > 0 ? <span className="block font-normal text-asphalt-500"><WaitingCount count={ride.waitlist.count} /></span> : null}
          </Fact>
          {ride.minRidersDecision?.at ? (
            <Fact icon={<Hourglass />} label={t`Minimum decided`}>
              {decisionLabel(ride.minRidersDecision.at, ride.timezone)}
            </Fact>
          ) : null}
          {ride.group ? (
            <Fact icon={<MapPinned />} label={t`Group`}>
              <Link to={`/groups/${encodeURIComponent(ride.group.slug)}`} className="font-semibold text-ignition-700 hover:underline">
                {ride.group.name}
              </Link>
            </Fact>
          ) : null}
          {ride.group && ride.poll ? (
            <Fact icon={<Vote />} label={t`Planned from poll`}>
              <Link to={`/groups/${encodeURIComponent(ride.group.slug)}?tab=polls#poll-${encodeURIComponent(ride.poll.id)}`} className="font-semibold break-words text-ignition-700 hover:underline">
                {ride.poll.title}
              </Link>
            </Fact>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}

/** When the minimum riders are decided, on the ride's clock as its start is shown ("Nov 28, 2026, 18:00"). */
function decisionLabel(at: string, timezone: string): string {
  const { startDate, startTime } = rideSchedule({ startDate: at, endDate: at, timezone });
  return `${startDate}, ${startTime}`;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 py-2.5 first:pt-0 last:pb-0">
      <span className="mt-0.5 text-asphalt-400 [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <dt className="shrink-0 text-asphalt-500">{label}</dt>
      <dd className="min-w-0 flex-1 text-end font-semibold break-words text-asphalt-900 tabular-nums">{children}</dd>
    </div>
  );
}
