import { useEffect, useRef, useState } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Workbox } from 'workbox-window';
import { Button } from '../components/ui/button';
import { format } from 'date-fns';
import { formatDateTime, speaksEnglish } from '../lib/format-date';
import { formatLocale } from '../lib/i18n/i18n';
import { OFFLINE_REASON_ID, savedShown, useOnline } from '../lib/online';
import { serverAnswers } from '../api/connection';
import { usersKeys } from '../api/query-keys';
import { SERVICE_WORKER_URL } from '../lib/service-worker';
import { upcomingRidesQueryOptions } from '../api/rides';
import { myGroupsQueryOptions } from '../api/groups';
import { forgetRideForOffline, saveRidesForOffline } from './offline-rides';
import type { Ride } from '../../shared/rides/ride';
import { dateTimeFormat } from '../../shared/text/intl-formats';

/*
 * The app's connection, loaded after the first paint (issue 32 points 2 and 5): the offline banner and
 * the new version's prompt. Both live in this chunk, with workbox-window, so the first load carries
 * neither (docs/web.md "First paint"); the app shell mounts them once the page has loaded.
 */

/**
 * When the data on screen was saved: the oldest among the saved answers this page showed (the time the
 * service worker saved each, lib/online.ts) and the answers the page read live before going offline.
 */
function useShownDataTime(online: boolean): number | null {
  const queryClient = useQueryClient();
  const [time, setTime] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    const oldest = () => {
      const path = window.location.pathname;
      const times = queryClient
        .getQueryCache()
        .findAll({ type: 'active' })
        .map((query) => query.state.dataUpdatedAt)
        .concat(savedShown.filter((saved) => saved.path === path).map((saved) => saved.at))
        .filter((at) => at > 0);
      setTime(times.length > 0 ? Math.min(...times) : null);
    };
    oldest();
    return queryClient.getQueryCache().subscribe(oldest);
  }, [online, queryClient]);
  return time;
}

/** The first try again after the server stopped answering, doubled each time up to the last. */
const PROBE_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

/**
 * Back online (issue 32 point 5). With the server down but the network up, one read now and then
 * (2 s, then doubling up to a minute; at once when the browser says it is back or the tab is shown
 * again) learns when the server answers again, and only that read sets the app online.
 * Once online, what the page shows is read again, and the saved rides are synced (a ride the rider
 * lost while offline, such as being removed from its group, is deleted from this phone).
 */
function useReconnect(online: boolean): void {
  const queryClient = useQueryClient();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    void queryClient.invalidateQueries({ refetchType: 'active' });
    if (queryClient.getQueryData(usersKeys.current())) void queryClient.fetchQuery(upcomingRidesQueryOptions()).catch(() => undefined);
  }, [online, queryClient]);
  useEffect(() => {
    if (online) return;
    let attempt = 0;
    let timer: number | undefined;
    const probe = () => {
      window.clearTimeout(timer);
      if (!navigator.onLine) return;
      // Past the browser's HTTP cache (an answer from it looks live) and the worker's saved copies; a proxy's 502 to 504 is not the server.
      void serverAnswers().then((live) => {
        if (live) onlineManager.setOnline(true);
      });
      timer = window.setTimeout(probe, PROBE_DELAYS_MS[Math.min(attempt++, PROBE_DELAYS_MS.length - 1)]);
    };
    const soon = () => {
      attempt = 0;
      if (document.visibilityState === 'visible') probe();
    };
    timer = window.setTimeout(probe, PROBE_DELAYS_MS[attempt++]);
    window.addEventListener('online', soon);
    document.addEventListener('visibilitychange', soon);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', soon);
      document.removeEventListener('visibilitychange', soon);
    };
  }, [online]);
}

/** A time of day: "08:12" in English (24-hour, like ride times), the region's clock in another language. */
function formatTimeOfDay(date: Date): string {
  return speaksEnglish() ? format(date, 'HH:mm') : dateTimeFormat(formatLocale(), { hour: 'numeric', minute: '2-digit' }).format(date);
}

/**
 * Keeps the rider's joined rides of the next 14 days for reading offline (issue 32 point 3): whenever
 * the upcoming list arrives (at sign-in and on the dashboard; it replaces what was saved, so a ride no
 * longer the rider's goes), when a write answers with a ride the rider is on (Join Ride), and forgets
 * a ride a write answers the rider is no longer on (Leave Ride).
 */
function useSaveRidesForOffline(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const upcomingKey = JSON.stringify(upcomingRidesQueryOptions().queryKey);
    // A sync keeps the rides of the rider's groups only (a group left keeps its seats): the groups are
    // read with it (My Groups' query; refreshed by leaving). Unknown groups leave nothing out.
    const sync = (rides: Ride[]) =>
      void queryClient
        .fetchQuery(myGroupsQueryOptions())
        .then((groups) => new Set(groups.filter((group) => group.membershipStatus !== 'pending' && group.membershipStatus !== 'none').map((group) => group.id)), () => null)
        .then((memberOf) => saveRidesForOffline(rides, true, memberOf));
    const upcoming = queryClient.getQueryData(upcomingRidesQueryOptions().queryKey);
    if (upcoming) sync(upcoming);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && JSON.stringify(event.query.queryKey) === upcomingKey) sync(event.query.state.data as Ride[]);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      const ride = event.type === 'updated' && event.action.type === 'success' ? (event.action.data as Partial<Ride> | undefined) : undefined;
      if (!ride || typeof ride.slug !== 'string' || typeof ride.id !== 'string') return;
      if (ride.isParticipant === true) saveRidesForOffline([ride as Ride], false);
      else if (ride.isParticipant === false) forgetRideForOffline({ id: ride.id });
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Offline: "Offline: showing what was saved at 08:12", the time of the data on screen. Its text is the
 * reason every disabled action names (OFFLINE_REASON_ID); nothing is sent until the connection is back.
 */
export function OfflineBanner() {
  useSaveRidesForOffline();
  const online = useOnline();
  const savedAt = useShownDataTime(online);
  useReconnect(online);
  useEffect(() => {
    // React Query starts online and learns only from events: a page opened offline says so at once.
    if (!navigator.onLine) onlineManager.setOnline(false);
  }, []);
  if (online) return null;
  const saved = savedAt === null ? null : new Date(savedAt);
  const time = saved ? formatTimeOfDay(saved) : '';
  const moment = saved ? formatDateTime(saved.toISOString()) : '';
  return (
    <div role="status" className="sticky top-14 z-20 mb-6 flex items-start gap-3 rounded-xl border border-asphalt-300 bg-asphalt-900 px-4 py-3 text-white shadow-md lg:top-2">
      <WifiOff className="mt-0.5 size-5 shrink-0 text-ignition-300" aria-hidden="true" />
      <div id={OFFLINE_REASON_ID} className="min-w-0 text-sm">
        <p className="font-semibold">
          {saved === null ? (
            <Trans>Offline: nothing on this page was saved on this device</Trans>
          ) : sameDay(saved, new Date()) ? (
            <Trans>Offline: showing what was saved at {time}</Trans>
          ) : (
            <Trans>Offline: showing what was saved on {moment}</Trans>
          )}
        </p>
        <p className="text-asphalt-200">
          <Trans>Joining, saving and posting need a connection. What you have typed stays here.</Trans>
        </p>
      </div>
    </div>
  );
}

/**
 * Registers the service worker; when a new version has installed, offers "A new version is available"
 * with Reload. The page reloads only on that tap, never by itself: nothing being typed is lost, and
 * while a dialog is open the prompt waits behind it.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<{ workbox: Workbox; waiting: boolean } | null>(null);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    // A page that started without a worker runs no old version: the first worker taking it over (from
    // another tab's registration, on a first visit) is not a new version, and offers no reload.
    const ranAnOldVersion = Boolean(navigator.serviceWorker.controller);
    wb.addEventListener('waiting', () => setUpdate({ workbox: wb, waiting: true }));
    // Another tab took the new version: this one still runs the old, and is offered the reload too.
    wb.addEventListener('controlling', (event) => {
      if (event.isExternal && ranAnOldVersion) setUpdate((shown) => shown ?? { workbox: wb, waiting: false });
    });
    void wb.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  }, []);
  if (!update) return null;

  const reload = () => {
    setReloading(true);
    if (!update.waiting) return window.location.reload();
    // The new worker takes over when told to; the page reloads once it controls it.
    update.workbox.addEventListener('controlling', () => window.location.reload());
    update.workbox.messageSkipWaiting();
  };
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div role="status" className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-asphalt-900 py-2.5 ps-4 pe-2.5 text-white shadow-lg">
        <RefreshCw className="size-5 shrink-0 text-ignition-300" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm font-semibold">
          <Trans>A new version is available</Trans>
        </p>
        <Button size="sm" onClick={reload} disabled={reloading}>
          <Trans>Reload</Trans>
        </Button>
      </div>
    </div>
  );
}
