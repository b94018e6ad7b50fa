import { Component, Suspense, type ReactNode } from 'react';

/**
 * One part of a page that failed (its code could not be loaded, offline before the service worker
 * kept it or after a new version replaced it, or it threw) shows `fallback` in its place, and the
 * rest of the page stays: the route's error screen would take the whole page, a form being filled
 * with it. Shell parts that are extras (the offline banner, the update prompt, the welcome) fall
 * back to nothing; parts a rider asked for use `lazyPart`, which offers Try again.
 */
export class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  // React itself logs the error it caught (React 19's default onCaughtError): nothing to add here.
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A lazy extra that shows nothing while its code loads, and nothing if it cannot be loaded. */
export function QuietPart({ children }: { children: ReactNode }) {
  return (
    <PartBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}
