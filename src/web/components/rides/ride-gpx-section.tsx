import { Suspense, useState } from 'react';
import { lazyPart } from '../lazy-part';
import { ChevronDown, Route } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { Spinner } from '../ui/spinner';

const GpxRouteViewer = lazyPart(() => import('./gpx-route-viewer').then((m) => ({ default: m.GpxRouteViewer })));

const headerClasses =
  'flex w-full items-center gap-2.5 rounded-2xl px-4 py-3 text-start text-sm font-bold text-asphalt-900 transition-colors hover:bg-asphalt-50';

/**
 * The ride card's collapsible 'View Route' (GPX files). The viewer, with its map, loads only when
 * the rider opens it, so lists of cards stay light; it then opens expanded.
 */
export function RideGpxSection({ rideId, canUpload, className }: { rideId: string; canUpload: boolean; className?: string }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const collapsed = (
    <section className={cn('rounded-2xl border border-asphalt-200/80 bg-white', className)} aria-label={t`Route`}>
      <button type="button" aria-expanded={opened} onClick={() => setOpened(true)} className={headerClasses}>
        <Route className="size-4 text-ignition-600" aria-hidden="true" />
        <span className="flex-1">
          <Trans>View Route</Trans>
        </span>
        {opened ? <Spinner size="sm" label={t`Loading route`} /> : <ChevronDown className="size-4 text-asphalt-500" aria-hidden="true" />}
      </button>
    </section>
  );
  if (!opened) return collapsed;
  return (
    <Suspense fallback={collapsed}>
      <GpxRouteViewer rideId={rideId} canUpload={canUpload} defaultOpen className={className} />
    </Suspense>
  );
}
