import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterNextPaint } from './after-next-paint';
import { bootShellElement } from './boot-shell-element';
import { useRevealedInTransition } from './use-revealed-in-transition';

/*
 * When the page a rider opened has what it first shows: the document has loaded, the app has
 * replaced the HTML's boot shell with its own screen, none of its reads is waiting for its first
 * answer, and a frame has been painted since. The shell's extras (the offline banner, the notification stream and
 * toasts, the browser's zone, the welcome, the account menu and the bell) wait for it, so their
 * chunks, their catalogs and their renders come after the page's own text, not between its reads
 * and their paint. Once settled, it stays so for the document: later pages never wait. A read that
 * never answers holds nothing back for more than SETTLE_LIMIT_MS. docs/web.md "First paint".
 */

/** The longest the extras wait, counted from the first time the shell asks. */
export const SETTLE_LIMIT_MS = 3000;

interface Watch {
  settled: boolean;
  listeners: Set<() => void>;
}

/** One watch per query client: the app has one; each component test its own. */
const watches = new WeakMap<QueryClient, Watch>();

function watchOf(queryClient: QueryClient): Watch {
  const known = watches.get(queryClient);
  if (known) return known;
  const watch: Watch = { settled: false, listeners: new Set() };
  watches.set(queryClient, watch);
  let cancelWait: (() => void) | undefined;
  // A read that has failed once and is being tried again counts as answered: the connection or the
  // server is down, and the offline banner (one of the extras) is what the rider needs then.
  const waitingForReads = () => queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' }).some((query) => query.state.fetchFailureCount === 0);
  const quiet = () => document.readyState === 'complete' && !waitingForReads() && !bootShellElement();
  const settle = () => {
    if (watch.settled) return;
    watch.settled = true;
    stop();
    for (const listener of watch.listeners) listener();
  };
  // Quiet now: settled if still quiet once the next frame (with what the reads brought) is painted.
  // A page that asks for its reads in an effect after this one asks within that frame. A page that
  // has its data but still shows the boot shell is building its screen (the ride page does so in
  // slices): looked at again each frame until it is on screen.
  const check = () => {
    if (watch.settled || cancelWait) return;
    if (document.readyState !== 'complete' || waitingForReads()) return;
    cancelWait = afterNextPaint(() => {
      cancelWait = undefined;
      if (quiet()) settle();
      else if (bootShellElement()) check();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const limit = setTimeout(settle, SETTLE_LIMIT_MS);
  window.addEventListener('load', check);
  function stop() {
    unsubscribe();
    clearTimeout(limit);
    cancelWait?.();
    window.removeEventListener('load', check);
  }
  check();
  return watch;
}

/**
 * False until the page has settled (see above), then true for good. The change is a transition, so
 * React builds what waited for it in slices (the bell's list, the menus, the banner: 160 ms in one
 * task at a phone's speed otherwise).
 */
export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const watch = watchOf(queryClient);
      watch.listeners.add(onChange);
      return () => {
        watch.listeners.delete(onChange);
      };
    },
    [queryClient],
  );
  const settled = useSyncExternalStore(subscribe, () => watches.get(queryClient)?.settled ?? false);
  // Mounted after the page settled (the phone's drawer), it is settled from its first render.
  return useRevealedInTransition(settled, settled);
}
