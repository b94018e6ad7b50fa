import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, Bike, Compass, ImageUp, Plus, UserPlus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CREATE_RIDE_ACTION, CreateRideFromUrl } from '../../../components/rides/create-ride-dialog';
import { RideCard } from '../../../components/rides/ride-card';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { InlineLoadError } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { usePreferences } from '../../../api/users';
import { useUpcomingRides } from '../../../api/rides';
import { ActivePolls } from './active-polls';
import { DashboardGroups } from './dashboard-groups';
import { StatCards } from './stat-cards';

/** Spec 2 section 9: the dashboard shows 3 upcoming rides. */
export const DASHBOARD_RIDE_COUNT = 3;

/** The dashboard's cards, under the heading of the home route (spec 2 section 2, "Dashboard"). */
export function DashboardContent() {
  const { units } = usePreferences();
  const [, setParams] = useSearchParams();
  const openCreateRide = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('action', CREATE_RIDE_ACTION);
      return next;
    });

  return (
    <div className="mt-6 space-y-8 sm:mt-8">
      <StatCards units={units} />
      <QuickActions onCreateRide={openCreateRide} />
      <UpcomingSection onCreateRide={openCreateRide} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ActivePolls />
        <DashboardGroups />
      </div>
      <CreateRideFromUrl />
    </div>
  );
}

function QuickActions({ onCreateRide }: { onCreateRide: () => void }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        <Trans>Quick actions</Trans>
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <li>
          <QuickAction icon={<Plus />} label={t`Create Ride`} hint={t`Plan a group ride`} onClick={onCreateRide} primary />
        </li>
        <li>
          <QuickAction icon={<UserPlus />} label={t`Join Group`} hint={t`Find riders near you`} to="/finder" />
        </li>
        <li>
          <QuickAction icon={<Compass />} label={t`Find Rides`} hint={t`Rides within reach`} to="/finder" />
        </li>
        <li>
          <QuickAction icon={<ImageUp />} label={t`Upload Media`} hint={t`Photos, videos, GPX`} to="/media" />
        </li>
      </ul>
    </section>
  );
}

interface QuickActionProps {
  icon: ReactNode;
  label: string;
  hint: string;
  to?: string;
  onClick?: () => void;
  primary?: boolean;
}

function QuickAction({ icon, label, hint, to, onClick, primary = false }: QuickActionProps) {
  const className = cn(
    // On a phone the icon sits above the label, which then has the card's whole width: beside it, a
    // two-column card left German's "erstellen" or Polish "multimedia" about 85 px, and they broke mid-word.
    'group flex h-full w-full flex-col items-start gap-2 rounded-2xl border p-3.5 text-start transition-[border-color,box-shadow,background-color] sm:flex-row sm:items-center sm:gap-3 sm:p-4',
    primary
      ? 'border-ignition-500 bg-ignition-500 text-asphalt-950 shadow-sm shadow-ignition-900/20 hover:bg-ignition-400'
      : 'border-asphalt-200/80 bg-white text-asphalt-900 shadow-sm shadow-asphalt-900/[0.03] hover:border-asphalt-300 hover:shadow-md',
  );
  const content = (
    <>
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5',
          primary ? 'bg-asphalt-950/10 text-asphalt-950' : 'bg-asphalt-100 text-asphalt-700 group-hover:bg-ignition-50 group-hover:text-ignition-700',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-extrabold tracking-tight">{label}</span>
        <span className={cn('hidden truncate text-xs sm:block', primary ? 'text-asphalt-900' : 'text-asphalt-500')}>{hint}</span>
      </span>
    </>
  );
  return to ? (
    <Link to={to} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className}>
      {content}
    </button>
  );
}

function UpcomingSection({ onCreateRide }: { onCreateRide: () => void }) {
  const { t } = useLingui();
  const rides = useUpcomingRides();
  // A cancelled ride is not coming up (the stat cards do not count it either); Upcoming Rides still lists it, marked.
  const list = (rides.data ?? []).filter((ride) => ride.status !== 'cancelled');
  return (
    <section aria-labelledby="dashboard-upcoming-title">
      <div className="mb-3 flex items-end justify-between gap-3">
        <h2 id="dashboard-upcoming-title" className="text-xl font-black tracking-tight text-asphalt-950">
          <Trans>Upcoming Rides</Trans>
        </h2>
        {list.length > 0 ? (
          <Link to="/upcoming" className="inline-flex items-center gap-1 text-sm font-semibold text-ignition-700 hover:underline">
            <Trans>View all</Trans>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {rides.isPending ? (
        <LoadingRegion label={t`Loading rides`} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className={cn('h-80 rounded-2xl', i > 0 && 'hidden md:block', i > 1 && 'md:hidden xl:block')} />
          ))}
        </LoadingRegion>
      ) : rides.isLoadingError ? (
        <InlineLoadError className="rounded-2xl border border-dashed border-asphalt-300 px-4 py-6 text-sm text-asphalt-600" onRetry={() => void rides.refetch()}>
          <Trans>Your rides could not be loaded.</Trans>
        </InlineLoadError>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-ignition-50 text-ignition-700">
            <Bike className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-3 font-extrabold text-asphalt-950">
            <Trans>No rides on the calendar</Trans>
          </p>
          <p className="mt-1 max-w-sm text-sm text-asphalt-600">
            <Trans>Plan a route, pick a date and get your group rolling.</Trans>
          </p>
          <Button className="mt-4" onClick={onCreateRide}>
            <Plus aria-hidden="true" />
            <Trans>Create Your First Ride</Trans>
          </Button>
        </div>
      ) : (
        <ul aria-label={t`Next rides`} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.slice(0, DASHBOARD_RIDE_COUNT).map((ride) => (
            <li key={ride.id} className="flex">
              <RideCard ride={ride} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
