import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';
import { useRevealedInTransition } from './use-revealed-in-transition';

/**
 * False on the first render; true once the browser has painted it and has a moment to spare (or
 * after `timeoutMs` at the latest). A page that a link lands on paints its own text first and mounts
 * what lies below it (a map, a gallery, comments) afterwards, as a transition React renders in
 * slices, so the first screen waits for nothing a rider cannot see yet and the phone stays
 * responsive while the rest is built. Without requestIdleCallback (Safari), right after the paint.
 * See docs/decisions/2026-11-27-ride-page-paints-first.md.
 */
export function useAfterFirstPaint(timeoutMs = 2000): boolean {
  const [idleAfterPaint, setIdleAfterPaint] = useState(false);
  useEffect(() => {
    if (idleAfterPaint) return;
    const done = () => setIdleAfterPaint(true);
    let idle: number | undefined;
    // A tab opened in the background paints no frame until it is shown: the timer still lets it go on.
    const timer = setTimeout(done, timeoutMs);
    const cancelPaint = afterNextPaint(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(done, { timeout: timeoutMs });
      else done();
    });
    return () => {
      clearTimeout(timer);
      cancelPaint();
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [idleAfterPaint, timeoutMs]);
  return useRevealedInTransition(idleAfterPaint);
}
