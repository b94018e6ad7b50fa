import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { FullPageSpinner } from '../components/ui/spinner';
import { bootShellElement } from '../lib/boot-shell-element';

/**
 * The app's loading screen before the rider and the first page are known. While the frame from
 * index.html is still on screen it draws nothing (a spinner would cover a frame that is already
 * right); later (after signing out, say) it is the whole-screen spinner.
 */
export function AppLoading() {
  const { t } = useLingui();
  return bootShellElement() ? null : <FullPageSpinner label={t`Loading`} />;
}

/**
 * True while the frame from index.html paints the ride page's heading (the server writes it on a
 * ride an anonymous visitor may see: previews.service.ts, rideBootMain) and the app is still on
 * that page: then the ride page removes the frame once it has its ride, not the shell, so the name
 * stays painted where it is instead of giving way to a skeleton.
 */
export function useBootShellHeldByRide(): boolean {
  const { pathname } = useLocation();
  const [first] = useState(pathname);
  return pathname === first && Boolean(bootShellElement()?.querySelector('[data-boot-ride]'));
}

/**
 * Removes the frame from index.html once a screen of the app has painted its own: called by the
 * shell and by every screen outside it. In a layout effect, so no frame shows both.
 */
export function useBootShellRemoved(ready = true): void {
  useLayoutEffect(() => {
    if (ready) bootShellElement()?.remove();
  }, [ready]);
}
