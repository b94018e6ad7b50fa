import type { PreferredUnits } from '../../../../shared/users/current-user';
import { kmToPreferred } from '../../../lib/units';
import { formatLocale } from '../../../lib/i18n/i18n';

/** Spec 2 section 9: radius 5 to 1000 km in steps of 5, default 50; Expand Search adds 50 up to 1000. */
export const FINDER_RADIUS = { min: 5, max: 1000, step: 5, default: 50, expandBy: 50 } as const;

export function expandedRadius(radius: number): number {
  return Math.min(FINDER_RADIUS.max, radius + FINDER_RADIUS.expandBy);
}

/** "50 km", with miles alongside for riders who prefer them; the numbers as the rider's language writes them (no grouping: "1000 km"). */
export function radiusLabel(km: number, units: PreferredUnits): string {
  const kmText = `${radiusNumber(km)} km`;
  return units === 'miles' ? `${kmText} (${radiusNumber(kmToPreferred(km, units), 1)} mi)` : kmText;
}

/** A radius in the rider's language's digits and decimal sign. */
export function radiusNumber(value: number, decimals = 0): string {
  return value.toLocaleString(formatLocale(), { useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
