import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CalendarDays, CalendarX, CloudOff, List, Plus, Search, SearchX, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { CreateRideDialog } from '../../../components/rides/create-ride-dialog';
import { DatePicker } from '../../../components/rides/ride-form/date-picker';
import { RideCard } from '../../../components/rides/ride-card';
import { BigMessage } from '../../../components/ui/big-message';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useUpcomingRides } from '../../../api/rides';
import { formatDay } from '../../../lib/rides/ride-format';
import { filterRides, rideDayKey, rideDays } from './upcoming-filters';
import { Page, PageHeaderAction } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { lazyPart } from '../../../components/lazy-part';

const UpcomingCalendar = lazyPart(() => import('./upcoming-calendar'));

type View = 'list' | 'calendar';

/** /upcoming (spec 2 section 2, "Upcoming Rides"). */
export function UpcomingRidesPage() {
  const { t } = useLingui();
  const rides = useUpcomingRides();
  const [search, setSearch] = useState('');
  const [day, setDay] = useState('');
  const [view, setView] = useState<View>('list');
  const [createOpen, setCreateOpen] = useState(false);

  const all = useMemo(() => rides.data ?? [], [rides.data]);
  const searched = useMemo(() => filterRides(all, { search, day: '' }), [all, search]);
  const shown = useMemo(() => filterRides(all, { search, day }), [all, search, day]);
  const hasRides = all.length > 0;
  const dayName = day ? formatDay(day) : '';
  const listEmptyText = !day ? t`No rides match your search.` : search ? t`No rides on ${dayName} match your search.` : t`No rides on ${dayName}.`;

  return (
    <Page
      title={t`Upcoming Rides`}
      description={t`Rides in your groups and rides you've joined, soonest first.`}
      action={
        <PageHeaderAction icon={<Plus aria-hidden="true" />} onClick={() => setCreateOpen(true)}>
          <Trans>Create Ride</Trans>
        </PageHeaderAction>
      }
    >
      {rides.isPending ? (
        <RideGridSkeleton />
      ) : rides.isLoadingError ? (
        <BigMessage icon={<CloudOff aria-hidden="true" />} title={t`Couldn't load your rides`} text={t`Check your connection and try again.`}>
          <Button variant="secondary" onClick={() => void rides.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </BigMessage>
      ) : !hasRides ? (
        <BigMessage icon={<CalendarX aria-hidden="true" />} title={t`No upcoming rides`} text={t`Find a ride near you, or plan one for your group.`}>
          <Link to="/finder" className={buttonClasses('secondary', 'md')}>
            <Search aria-hidden="true" />
            <Trans>Find Rides</Trans>
          </Link>
          <Button onClick={() => setCreateOpen(true)}>
            <Plus aria-hidden="true" />
            <Trans>Create Ride</Trans>
          </Button>
        </BigMessage>
      ) : (
        <Tabs
          value={view}
          onValueChange={(v) => {
            setView(v as View);
            // The calendar opens on the first day with rides, so its list is never empty at first.
            const first = searched[0];
            if (v === 'calendar' && !day && first) setDay(rideDayKey(first));
          }}
          className="mt-6"
        >
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            <SearchField label={t`Search rides`} placeholder={t`Search by name, place or group`} value={search} onChange={setSearch} size="md" className="min-w-0 flex-1" />
            <div className="flex items-center gap-2">
              <DatePicker value={day} onChange={setDay} placeholder={t`Filter by date`} ariaLabel={t`Filter by date`} className="h-11 sm:w-48" />
              {day ? (
                <Button variant="ghost" onClick={() => setDay('')} className="h-11 shrink-0">
                  <X aria-hidden="true" />
                  <Trans>Clear filter</Trans>
                </Button>
              ) : null}
            </div>
            <TabsList aria-label={t`View`} className="shrink-0">
              <TabsTrigger value="list">
                <List aria-hidden="true" />
                <Trans>List View</Trans>
              </TabsTrigger>
              <TabsTrigger value="calendar">
                <CalendarDays aria-hidden="true" />
                <Trans>Calendar View</Trans>
              </TabsTrigger>
            </TabsList>
          </div>

          <TabsContent value="list" className="mt-6">
            <RideList rides={shown} emptyText={listEmptyText} />
          </TabsContent>

          <TabsContent value="calendar" className="mt-6">
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
              <div className="flex justify-center self-start rounded-2xl border border-asphalt-200/80 bg-white p-3 shadow-sm shadow-asphalt-900/[0.03]">
                <Suspense
                  fallback={
                    <div className="flex h-80 w-[296px] items-center justify-center">
                      <Spinner label={t`Loading calendar`} />
                    </div>
                  }
                >
                  <UpcomingCalendar days={rideDays(searched)} selected={day} onSelect={setDay} />
                </Suspense>
              </div>
              <div className="min-w-0">
                <h2 className="text-lg font-extrabold tracking-tight text-asphalt-950">{day ? t`Rides on ${dayName}` : t`Pick a day`}</h2>
                {day ? (
                  <div className="mt-3">
                    <RideList rides={shown} columns="narrow" emptyText={t`No rides on this day.`} />
                  </div>
                ) : (
                  <p className="mt-1 text-sm text-asphalt-600"><Trans>Highlighted days have rides. Choose one to see them.</Trans></p>
                )}
              </div>
            </div>
          </TabsContent>
        </Tabs>
      )}

      <CreateRideDialog open={createOpen} onOpenChange={setCreateOpen} />
    </Page>
  );
}

function RideList({ rides, emptyText, columns = 'wide' }: { rides: Ride[]; emptyText: string; columns?: 'wide' | 'narrow' }) {
  const { t } = useLingui();
  if (rides.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-asphalt-300 px-4 py-6 text-sm text-asphalt-600">
        <SearchX className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
        {emptyText}
      </p>
    );
  }
  return (
    <ul aria-label={t`Rides`} className={columns === 'wide' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid grid-cols-1 gap-4 xl:grid-cols-2'}>
      {rides.map((ride) => (
        <li key={ride.id} data-day={rideDayKey(ride)} className="flex">
          <RideCard ride={ride} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

function RideGridSkeleton() {
  const { t } = useLingui();
  return <SkeletonLines label={t`Loading rides`} className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" lines={Array<string>(3).fill('h-96 rounded-2xl')} />;
}
