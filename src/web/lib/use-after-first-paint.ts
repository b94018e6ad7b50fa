import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render; true once the browser has painted it and has a moment to spare (or
 * after `timeoutMs` at the latest). A page that a link lands on paints its own text first and mounts
 * what lies below it (a map, a gallery, comments) afterwards, as a transition React renders in
 * slices, so the first screen waits for nothing a rider cannot see yet and the phone stays
 * responsive while the rest is built. Without requestIdleCallback (Safari), right after the paint.
 * See docs/decisions/2026-11-27-ride-page-paints-first.md.
 */
export function useAfterFirstPaint(timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => startTransition(() => setReady(true));
    let idle: number | undefined;
    // A tab opened in the background paints no frame until it is shown: the timer still lets it go on.
    const timer = setTimeout(show, timeoutMs);
    // The next frame is painted once this callback's frame is; the idle callback then follows it.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(show, { timeout: timeoutMs });
      else setTimeout(show, 0);
    });
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready, timeoutMs]);
  return ready;
}
