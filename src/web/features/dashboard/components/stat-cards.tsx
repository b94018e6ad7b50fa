import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { CalendarDays, Gauge, Users } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { kmToPreferred } from '../../../lib/units';
import { formatLocale } from '../../../lib/i18n/i18n';
import { useDashboardStats } from '../../../api/dashboard';

/**
 * The planned-distance card's label and value: kilometres or miles by preference, 1 decimal (spec 2
 * section 9), in the language of `i18n` (the rendering component's, `useLingui`).
 */
export function plannedDistance(km: number, units: PreferredUnits, i18n: I18n): { label: string; value: string } {
  return {
    label: units === 'miles' ? i18n._(msg`Miles`) : i18n._(msg`Kilometers`),
    value: kmToPreferred(km, units).toLocaleString(formatLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }),
  };
}

/** Upcoming Rides, Active Groups and the planned distance (spec 2 section 2, "Dashboard"). */
export function StatCards({ units }: { units: PreferredUnits }) {
  const { t, i18n } = useLingui();
  const stats = useDashboardStats();
  const distance = plannedDistance(stats.data?.milesPlanned ?? 0, units, i18n);
  const value = (v: string | number | undefined) => (stats.isPending ? <Skeleton className="h-9 w-14" /> : stats.isLoadingError ? '–' : v);

  return (
    // Below 360 px a third of the row leaves a label 65 px: "Kilometers" and "Upcoming" broke inside
    // the word ("Kilometer/s"). There the gaps, the side padding and the label shrink a little.
    <dl aria-label={t`Your riding at a glance`} className="grid grid-cols-3 gap-1.5 min-[360px]:gap-2 sm:gap-4">
      <StatCard icon={<CalendarDays aria-hidden="true" />} label={t`Upcoming Rides`} value={value(stats.data?.upcomingRides)} hint={t`In your groups and rides you joined`} />
      <StatCard icon={<Users aria-hidden="true" />} label={t`Active Groups`} value={value(stats.data?.activeGroups)} hint={t`Groups on the move this month`} />
      <StatCard icon={<Gauge aria-hidden="true" />} label={distance.label} value={value(distance.value)} hint={t`Planned on your upcoming rides`} accent />
    </dl>
  );
}

function StatCard({ icon, label, value, hint, accent = false }: { icon: ReactNode; label: string; value: ReactNode; hint: string; accent?: boolean }) {
  return (
    <div
      className={cn(
        'relative flex flex-col overflow-hidden rounded-2xl px-2 py-3 min-[360px]:px-3 sm:p-5',
        accent ? 'bg-asphalt-900 text-white shadow-sm' : 'border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]',
      )}
    >
      <dt className={cn('text-[11px] leading-4 font-semibold min-[360px]:text-xs sm:text-sm', accent ? 'text-asphalt-200' : 'text-asphalt-600')}>
        <span
          aria-hidden="true"
          className={cn(
            'mb-3 flex size-8 shrink-0 items-center justify-center rounded-lg sm:mb-4 sm:size-10 sm:rounded-xl [&_svg]:size-4 sm:[&_svg]:size-5',
            accent ? 'bg-ignition-500 text-asphalt-950' : 'bg-ignition-50 text-ignition-700',
          )}
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-auto pt-1">
        <div className="text-2xl font-black tracking-tight tabular-nums sm:text-3xl">{value}</div>
        <span className={cn('mt-2 hidden text-xs sm:block', accent ? 'text-asphalt-300' : 'text-asphalt-500')}>{hint}</span>
        {accent ? (
          <span
            aria-hidden="true"
            className="absolute inset-x-0 bottom-0 h-1 bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_18px,transparent_18px_30px)] opacity-70"
          />
        ) : null}
      </dd>
    </div>
  );
}
