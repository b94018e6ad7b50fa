import { useState } from 'react';
import { Route, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { finderCountLabel } from '../../../../shared/finder/finder-pages';
import { RideCard } from '../../../components/rides/ride-card';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { type FinderCentre, foundSoFar, useFindGroups, useFindRides } from '../../../api/finder';
import { FinderGroupCard } from './finder-group-card';
import { FinderResultsTab } from './finder-results';
import { useJoinFoundGroup } from './use-join-found-group';

interface FinderResultsTabsProps {
  centre: FinderCentre;
  radius: number;
  units: PreferredUnits;
  /** Widens the radius; absent at the largest one. */
  onExpand?: (() => void) | undefined;
}

/** The groups and the rides within the radius, each in its tab with how many there are. */
export function FinderResultsTabs({ centre, radius, units, onExpand }: FinderResultsTabsProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'groups' | 'rides'>('groups');
  const groups = useFindGroups(centre, radius);
  const rides = useFindRides(centre, radius);
  const { join, joiningId } = useJoinFoundGroup();
  // What both result tabs say "nothing within" and expand by.
  const around = { radius, units, onExpand };
  const groupCount = finderCountLabel(foundSoFar(groups.data).total);
  const rideCount = finderCountLabel(foundSoFar(rides.data).total);

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as 'groups' | 'rides')} className="mt-6">
      {/* Below 360 px the icons give way, so 'Groups (1000+)' keeps its count in view. */}
      <TabsList aria-label={t`Results`} phoneColumns={2} className="sm:max-w-sm max-[359px]:[&_svg]:hidden">
        <TabsTrigger value="groups">
          <Users aria-hidden="true" />
          <Trans>Groups ({groupCount})</Trans>
        </TabsTrigger>
        <TabsTrigger value="rides">
          <Route aria-hidden="true" />
          <Trans>Rides ({rideCount})</Trans>
        </TabsTrigger>
      </TabsList>

      <FinderResultsTab query={groups} what="groups" {...around} renderItem={(group) => <FinderGroupCard group={group} units={units} onJoin={join} joining={joiningId === group.id} />} />
      <FinderResultsTab query={rides} what="rides" itemClassName="flex" {...around} renderItem={(ride) => <RideCard ride={ride} distanceKm={ride.distanceKm} className="w-full" />} />
    </Tabs>
  );
}
