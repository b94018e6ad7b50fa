import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Compass, Expand, LocateFixed, MapPin, Route, SearchX, Users } from 'lucide-react';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { LocationSearchInput } from '../../../components/location-search-input';
import { RideCard } from '../../../components/rides/ride-card';
import { GEOLOCATION_OPTIONS, geolocationErrorMessage } from '../../../components/select-location-dialog';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { Slider } from '../../../components/ui/slider';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useCurrentUser, usePreferences } from '../../../api/users';
import { useJoinGroup } from '../../../api/groups';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import { nameOfPosition, nearPointOf } from '../../../api/geocoding';
import { kmToPreferred } from '../../../lib/units';
import { type FinderCentre, type FoundGroup, foundSoFar, useFindGroups, useFindRides } from '../../../api/finder';
import { FINDER_MOST_RESULTS, finderCountLabel } from '../../../../shared/finder/finder-pages';
import { countOf } from '../../../lib/plural';
import { FinderGroupCard } from './finder-group-card';
import { PageHeader } from '../../../components/ui/page-header';

/** Spec 2 section 9: radius 5 to 1000 km in steps of 5, default 50; Expand Search adds 50 up to 1000. */
export const FINDER_RADIUS = { min: 5, max: 1000, step: 5, default: 50, expandBy: 50 } as const;

export function expandedRadius(radius: number): number {
  return Math.min(FINDER_RADIUS.max, radius + FINDER_RADIUS.expandBy);
}

/** "50 km", with miles alongside for riders who prefer them. */
export function radiusLabel(km: number, units: PreferredUnits): string {
  return units === 'miles' ? `${km} km (${kmToPreferred(km, units).toFixed(1)} mi)` : `${km} km`;
}

interface Centre extends FinderCentre {
  name: string;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS));
}

/** /finder (spec 2 section 2, "Ride Finder"). */
export function FinderPage() {
  const searchId = useId();
  const { data: user } = useCurrentUser();
  const placeholder = usePlaceSearchPlaceholder();
  const { units } = usePreferences();
  // Start from the rider's own location when their profile has one.
  const [centre, setCentre] = useState<Centre | null>(() =>
    user && user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude, name: user.location ?? 'Your location' } : null,
  );
  const [text, setText] = useState('');
  const [radius, setRadius] = useState<number>(FINDER_RADIUS.default);
  const [sliding, setSliding] = useState<number | null>(null);
  const [locating, setLocating] = useState(false);
  const [tab, setTab] = useState<'groups' | 'rides'>('groups');

  const groups = useFindGroups(centre, radius);
  const rides = useFindRides(centre, radius);
  const joinGroup = useJoinGroup();

  async function locateMe() {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      toast({ title: 'Location not supported', description: 'Geolocation is not supported by this browser.', variant: 'destructive' });
      return;
    }
    setLocating(true);
    try {
      const { coords } = await currentPosition();
      const name = await nameOfPosition(coords.latitude, coords.longitude);
      setCentre({ latitude: coords.latitude, longitude: coords.longitude, name });
      setText('');
    } catch (error) {
      const code = (error as GeolocationPositionError | undefined)?.code;
      toast({
        title: code === 1 ? 'Location access denied' : 'Location error',
        description: geolocationErrorMessage({ code: code ?? 0 }),
        variant: 'destructive',
      });
    } finally {
      setLocating(false);
    }
  }

  function join(group: FoundGroup) {
    joinGroup.mutate(group.id, {
      onSuccess: (answer) => toast({ title: answer.status === 'pending' ? 'Request sent' : 'Joined group', description: answer.message, variant: 'success' }),
      onError: (error) => {
        console.error('Failed to join group', error);
        toast({ title: 'Failed to join group', description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  const shownRadius = sliding ?? radius;
  const expand = radius < FINDER_RADIUS.max ? () => setRadius(expandedRadius(radius)) : undefined;
  // What both result tabs say "nothing within" and expand by.
  const around = { radius, units, onExpand: expand };

  return (
    <section aria-labelledby="finder-title">
      <PageHeader titleId="finder-title" title="Ride Finder" description="Find groups and rides near you." />

      <Card className="mt-6 p-4 sm:p-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-asphalt-800">
              Search location
            </label>
            <LocationSearchInput
              id={searchId}
              placeholder={placeholder}
              near={nearPointOf(user)}
              value={text}
              onTextChange={setText}
              onSelect={(place) => setCentre({ latitude: place.latitude, longitude: place.longitude, name: place.address })}
            />
          </div>
          <Button variant="dark" size="lg" onClick={() => void locateMe()} disabled={locating} className="h-11 md:w-auto">
            <LocateFixed aria-hidden="true" />
            {locating ? 'Locating...' : 'Use Current Location'}
          </Button>
        </div>

        <div className="mt-5">
          <div className="mb-2 flex items-center justify-between gap-3">
            <span id={`${searchId}-radius`} className="text-sm font-semibold text-asphalt-800">
              Search radius
            </span>
            <span className="text-sm font-bold text-asphalt-950 tabular-nums">{radiusLabel(shownRadius, units)}</span>
          </div>
          <Slider
            min={FINDER_RADIUS.min}
            max={FINDER_RADIUS.max}
            step={FINDER_RADIUS.step}
            value={[shownRadius]}
            onValueChange={([value]) => setSliding(value ?? radius)}
            onValueCommit={([value]) => {
              setSliding(null);
              if (value !== undefined) setRadius(value);
            }}
            thumbLabel="Search radius"
            thumbValueText={`${shownRadius} km`}
          />
          <div className="mt-1 flex justify-between text-xs text-asphalt-500 tabular-nums" aria-hidden="true">
            <span>{FINDER_RADIUS.min} km</span>
            <span>{FINDER_RADIUS.max} km</span>
          </div>
        </div>

        {centre ? (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-asphalt-50 px-3 py-2.5 text-sm text-asphalt-700">
            <MapPin className="mt-0.5 size-4 shrink-0 text-ignition-600" aria-hidden="true" />
            <span className="min-w-0">
              Within <strong className="font-bold text-asphalt-950">{radiusLabel(radius, units)}</strong> of{' '}
              <strong className="font-bold text-asphalt-950">{centre.name}</strong>
            </span>
          </p>
        ) : null}
      </Card>

      {centre === null ? (
        <Panel icon={<Compass aria-hidden="true" />} title="Where do you ride?" text="Use your current location or search for a place to find groups and rides nearby." />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as 'groups' | 'rides')} className="mt-6">
          {/* Below 360 px the icons give way, so 'Groups (1000+)' keeps its count in view. */}
          <TabsList aria-label="Results" phoneColumns={2} className="sm:max-w-sm max-[359px]:[&_svg]:hidden">
            <TabsTrigger value="groups">
              <Users aria-hidden="true" />
              Groups ({finderCountLabel(foundSoFar(groups.data).total)})
            </TabsTrigger>
            <TabsTrigger value="rides">
              <Route aria-hidden="true" />
              Rides ({finderCountLabel(foundSoFar(rides.data).total)})
            </TabsTrigger>
          </TabsList>

          <TabsContent value="groups">
            <Results
              query={groups}
              what="groups"
              listLabel="Groups found"
              {...around}
              renderItem={(group) => <FinderGroupCard group={group} units={units} onJoin={join} joining={joinGroup.isPending && joinGroup.variables === group.id} />}
            />
          </TabsContent>
          <TabsContent value="rides">
            <Results
              query={rides}
              what="rides"
              listLabel="Rides found"
              itemClassName="flex"
              {...around}
              renderItem={(ride) => <RideCard ride={ride} distanceKm={ride.distanceKm} className="w-full" />}
            />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

interface ResultsProps<T> {
  /** The finder's infinite query: its pages so far, and how to ask for the next. */
  query: {
    isPending: boolean;
    isError: boolean;
    data?: { pages: Array<{ results: T[]; total: number }> };
    refetch: () => unknown;
    hasNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
  };
  what: 'groups' | 'rides';
  /** The list's accessible name ('Groups found'). */
  listLabel: string;
  itemClassName?: string;
  radius: number;
  units: PreferredUnits;
  onExpand?: () => void;
  renderItem: (item: T) => ReactNode;
}

function Results<T extends { id: string }>({ query, what, listLabel, itemClassName, radius, units, onExpand, renderItem }: ResultsProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  // After "Show more", the first newly shown card takes the focus: a keyboard or screen reader
  // user goes on reading where the list grew, and the button may be gone once the last page is in.
  const focusFrom = useRef<number | null>(null);
  const { results, total } = foundSoFar(query.data);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || results.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLLIElement>(':scope > li')[from]?.focus();
  }, [results.length]);

  if (query.isPending) {
    return (
      <LoadingRegion label={`Searching ${what}`} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="hidden h-48 rounded-2xl sm:block" />
      </LoadingRegion>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Panel icon={<SearchX aria-hidden="true" />} title="The search failed" text="Check your connection and try again.">
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Panel>
    );
  }
  const expandButton = onExpand ? (
    <Button variant="secondary" onClick={onExpand}>
      <Expand aria-hidden="true" />
      Expand Search
    </Button>
  ) : null;
  if (results.length === 0) {
    return (
      <Panel icon={<SearchX aria-hidden="true" />} title={`No ${what} within ${radiusLabel(radius, units)}`} text="Try a wider radius or another place.">
        {expandButton}
      </Panel>
    );
  }
  function showMore() {
    focusFrom.current = results.length;
    void query.fetchNextPage();
  }
  return (
    <>
      <ul ref={list} aria-label={listLabel} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {results.map((item) => (
          <li key={item.id} tabIndex={-1} className={cn('rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ignition-600', itemClassName)}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3">
        {/* Said once there is more than the first page holds: how far down the list the rider is. */}
        <p role="status" className="text-sm text-asphalt-600 tabular-nums">
          {query.isFetchNextPageError
            ? `Could not load more ${what}. Check your connection and try again.`
            : results.length < total || (query.data?.pages.length ?? 0) > 1
              ? `Showing ${results.length} of ${total >= FINDER_MOST_RESULTS ? `${finderCountLabel(total)} ${what}` : countOf(total, what === 'groups' ? 'group' : 'ride', what)}`
              : null}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {query.hasNextPage ? (
            <Button variant="dark" onClick={showMore} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : query.isFetchNextPageError ? 'Try again' : `Show more ${what}`}
            </Button>
          ) : null}
          {expandButton}
        </div>
      </div>
    </>
  );
}

function Panel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-ignition-50 text-ignition-700 [&_svg]:size-7">{icon}</span>
      <h2 className="mt-4 text-lg font-extrabold tracking-tight text-asphalt-950">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-asphalt-600">{text}</p>
      {children ? <div className="mt-5 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
