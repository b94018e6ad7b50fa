import type { PreferredUnits } from '../../shared/users/current-user';
import { formatLocale } from './i18n/i18n';
import { numberFormat } from '../../shared/text/intl-formats';

/** Spec 1 section 9: miles = km x 0.621371. */
export const MILES_PER_KM = 0.621371;

export function kmToPreferred(km: number, units: PreferredUnits): number {
  return units === 'miles' ? km * MILES_PER_KM : km;
}

/**
 * "62.1 mi" / "100.0 km" (1 decimal on cards, spec 2 section 9), in the rider's language and region:
 * "62,1 km" in Italian, the unit's own abbreviation where a language has one.
 */
export function formatDistance(km: number, units: PreferredUnits, decimals = 1): string {
  return numberFormat(formatLocale(), {
    style: 'unit',
    unit: units === 'miles' ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(kmToPreferred(km, units));
}
