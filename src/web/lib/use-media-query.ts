import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following the window as it changes; null where the browser
 * cannot tell (no matchMedia: the component tests' jsdom).
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null);
  return useSyncExternalStore(subscribe, matches, () => null);
}
