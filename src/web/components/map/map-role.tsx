import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * How a Leaflet map is named for screen readers without nesting controls inside an image (WCAG
 * 4.1.2, axe "nested-interactive"). A still map is a picture: StillMapLabel lays a transparent
 * role="img" with the map's name over it, and MapRole hides the map pane (tiles, lines, markers;
 * nothing in it is focusable) from assistive technology, while the attribution links stay ordinary
 * links beside the picture. A map that pans and zooms is a labelled region instead: its container
 * takes the keyboard (arrow keys pan, plus and minus zoom), and its zoom buttons and markers are
 * reachable with Tab.
 */
export function MapRole({ label, interactive }: { label: string; interactive: boolean }) {
  const map = useMap();
  useEffect(() => {
    const target = interactive ? map.getContainer() : map.getPane('mapPane');
    if (!target) return;
    const attributes: Record<string, string> = interactive ? { role: 'region', 'aria-label': label } : { 'aria-hidden': 'true' };
    for (const [name, value] of Object.entries(attributes)) target.setAttribute(name, value);
    return () => {
      for (const name of Object.keys(attributes)) target.removeAttribute(name);
    };
  }, [map, label, interactive]);
  return null;
}

/** The still map's name, over the whole picture (a sibling of the map, so it holds nothing focusable). */
export function StillMapLabel({ label }: { label: string }) {
  return <div role="img" aria-label={label} className="pointer-events-none absolute inset-0 z-[450]" />;
}
