import type { PreferredUnits } from '../../../../shared/users/current-user';
import { kmToPreferred } from '../../../lib/units';

/** Spec 2 section 9: radius 5 to 1000 km in steps of 5, default 50; Expand Search adds 50 up to 1000. */
export const FINDER_RADIUS = { min: 5, max: 1000, step: 5, default: 50, expandBy: 50 } as const;

export function expandedRadius(radius: number): number {
  return Math.min(FINDER_RADIUS.max, radius + FINDER_RADIUS.expandBy);
}

/** "50 km", with miles alongside for riders who prefer them. */
export function radiusLabel(km: number, units: PreferredUnits): string {
  return units === 'miles' ? `${km} km (${kmToPreferred(km, units).toFixed(1)} mi)` : `${km} km`;
}
