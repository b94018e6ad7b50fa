import { lazy, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './ui/button';
import { PartBoundary } from './part-boundary';

/**
 * `React.lazy` for a part of a page a rider asked for (a calendar, a form, a list), inside a
 * `PartBoundary`: when its code cannot be loaded (no signal and not yet kept by the service worker,
 * or a new version deployed since the page opened), the part says so with Try again, and what the
 * rider typed elsewhere on the page stays. Try again asks for the code anew: React.lazy keeps a
 * failed load, so a fresh one replaces it. Suspense stays with the caller (its spinner and room).
 * A part that is a dialog of its own (the login dialog) says so inside `Frame`, given the part's
 * props: a dialog where the rider tapped, not a message under whatever the page shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, Frame?: ComponentType<ComponentProps<T> & { children: ReactNode }>): ComponentType<ComponentProps<T>> {
  let Loaded = lazy(load);
  let generation = 0;
  return function LazyPart(props: ComponentProps<T>) {
    const [, shown] = useState(generation);
    const retry = () => {
      Loaded = lazy(load);
      shown(++generation);
    };
    const failed = <PartNotLoaded onRetry={retry} />;
    return (
      <PartBoundary key={generation} fallback={Frame ? <Frame {...props}>{failed}</Frame> : failed}>
        <Loaded {...props} />
      </PartBoundary>
    );
  };
}

function PartNotLoaded({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-72 space-y-2 p-4 text-center">
      <p className="text-sm text-red-700">
        <Trans>This part of the page could not be loaded. Check your connection; what you have typed stays here.</Trans>
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
