import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Puts the object's current address in the address bar when the page was opened at another one (a
 * slug the group or ride had before a rename, or a group's name as typed). The entry is replaced,
 * not added, so Back does not return to the old address; the query string and hash stay. `before`
 * runs first, to put the loaded object into the cache under its new address, so the page shows
 * it at once instead of loading it again.
 */
export function useCanonicalPath(canonical: string | null, before?: () => void): void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const differs = canonical !== null && canonical !== pathname;
  // `before` is a fresh closure each render; the address alone decides when to run.
  const prepare = useEffectEvent(() => before?.());
  useEffect(() => {
    if (!differs || canonical === null) return;
    prepare();
    void navigate({ pathname: canonical, search, hash }, { replace: true });
  }, [differs, canonical, search, hash, navigate]);
}
