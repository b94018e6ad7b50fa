import { z } from 'zod';

/**
 * An IANA zone ("Europe/Rome") a request may send for a group, ride or rider: trimmed, at most 64
 * characters, and '' (a form's empty picker) read as left out. Whether the zone exists is the
 * server's check (the code `unknown_time_zone`). Pure, so a first load that does not use it drops
 * it and zod with it.
 */
export const optionalZoneField = /* @__PURE__ */ z
  .string()
  .trim()
  .max(64)
  .transform((zone) => zone || undefined)
  .optional();
