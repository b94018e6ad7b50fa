/** Spec 2 section 9: map defaults. */
export const MAP_DEFAULT_ZOOM = 13;
export const MAP_MAX_ZOOM = 18;

export interface StaticMapProps {
  latitude: number;
  longitude: number;
  /** Default 13. */
  zoom?: number;
  /** Size it here (e.g. "h-48 w-full rounded-xl"). */
  className?: string;
  /** Accessible description; defaults to the coordinates. */
  label?: string;
}
