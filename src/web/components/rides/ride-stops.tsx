import { Fragment } from 'react';
import { ArrowRight, MapPinOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { shortPlace } from '../../lib/rides/ride-format';
import { hasCoordinates, type MapStop } from '../route-map/route-map-model';

/** The route as a compact chain: "Bologna → Modena → Parma" (full names on hover). */
export function RouteChain({ names, className }: { names: string[]; className?: string }) {
  const { t } = useLingui();
  return (
    <p className={cn('flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5', className)} title={names.join(' → ')}>
      {names.map((name, index) => (
        <Fragment key={`${index}-${name}`}>
          {index > 0 ? <ArrowRight className="size-3.5 shrink-0 text-asphalt-400" aria-label={t({ message: 'to', context: 'arrow between two stops of a route' })} /> : null}
          <span className="min-w-0 truncate" title={name}>{shortPlace(name)}</span>
        </Fragment>
      ))}
    </p>
  );
}

/**
 * The route as numbered stops with arrows between them (ride detail), wrapping on narrow screens. A
 * stop without coordinates is listed all the same, marked "not on the map" in words and with an icon
 * (the map draws only the placed ones).
 */
export function NumberedStops({ stops }: { stops: MapStop[] }) {
  const { t } = useLingui();
  const named = stops.filter((stop) => stop.name.trim().length > 0);
  return (
    <ol aria-label={t`Route stops`} className="flex flex-wrap items-center gap-x-2 gap-y-2">
      {named.map((stop, index) => {
        const { name } = stop;
        const last = index === named.length - 1;
        const placed = hasCoordinates(stop);
        const stopNumber = index + 1;
        return (
          <li key={`${index}-${name}`} className="flex min-w-0 items-center gap-2">
            <span className="inline-flex max-w-full items-center gap-2 rounded-xl border border-asphalt-200 bg-white py-1.5 pe-3 ps-1.5 text-sm font-semibold text-asphalt-900 shadow-sm shadow-asphalt-900/[0.03]">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-black',
                  index === 0 ? 'bg-ignition-500 text-asphalt-950' : last ? 'bg-asphalt-900 text-white' : 'bg-ignition-100 text-ignition-800',
                )}
              >
                {index + 1}
              </span>
              <span className="sr-only">{placed ? <Trans>Stop {stopNumber}: {name}</Trans> : <Trans>Stop {stopNumber}: {name} (not on the map)</Trans>}</span>
              <span aria-hidden="true" className="flex min-w-0 flex-col">
                <span title={name} className="min-w-0 break-words">
                  {shortPlace(name)}
                </span>
                {placed ? null : (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-asphalt-500">
                    <MapPinOff className="size-3 shrink-0" />
                    <Trans>not on the map</Trans>
                  </span>
                )}
              </span>
            </span>
            {last ? null : <ArrowRight className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
