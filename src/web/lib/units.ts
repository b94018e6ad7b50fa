import type { PreferredUnits } from '../../shared/users/current-user';

/** Spec 1 section 9: miles = km x 0.621371. */
export const MILES_PER_KM = 0.621371;

export function kmToPreferred(km: number, units: PreferredUnits): number {
  return units === 'miles' ? km * MILES_PER_KM : km;
}

/** "62.1 mi" / "100.0 km" (1 decimal on cards, spec 2 section 9). */
export function formatDistance(km: number, units: PreferredUnits, decimals = 1): string {
  return `${kmToPreferred(km, units).toFixed(decimals)} ${units === 'miles' ? 'mi' : 'km'}`;
}
