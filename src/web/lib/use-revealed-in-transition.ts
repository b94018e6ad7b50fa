import { startTransition, useEffect, useState } from 'react';

/**
 * False until `ready` has been true once, then true for good. The change is a transition, so what
 * waited for it is built in slices React can pause, not in one long task: a page's largest render
 * (the ride's first build) or the shell's extras once the page has settled. `initially` is the
 * answer of the first render (a part mounted when its moment has already come shows at once).
 * docs/decisions/2026-11-27-ride-page-paints-first.md.
 */
export function useRevealedInTransition(ready: boolean, initially = false): boolean {
  const [revealed, setRevealed] = useState(initially);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
  }, [ready, revealed]);
  return revealed;
}
