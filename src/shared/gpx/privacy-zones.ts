/**
 * Privacy zones: how much of the start and the end of a rider's GPX others never see (a ride
 * usually starts and ends at home). The rider picks one in Preferences; 500 m unless they change it.
 * The choices alone, apart from the trimming (privacy-zone.ts): the current user's shape names them
 * on every screen, and the trimming brings the GPX reader (saxes) with it, which the first load of
 * a page does not need.
 */
export const GPX_PRIVACY_ZONES = ['none', '200m', '500m', '1km'] as const;
export type GpxPrivacyZone = (typeof GPX_PRIVACY_ZONES)[number];
export const DEFAULT_GPX_PRIVACY_ZONE: GpxPrivacyZone = '500m';

export const PRIVACY_ZONE_METRES: Record<GpxPrivacyZone, number> = { none: 0, '200m': 200, '500m': 500, '1km': 1000 };
