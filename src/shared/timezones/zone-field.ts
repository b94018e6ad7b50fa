import { z } from 'zod';
import { validationMessage } from '../i18n/validation';

/** The time-zone fields' messages (groups, rides, profiles; shared/i18n/validation.ts). */
export const TIMEZONE_MESSAGES = {
  invalid: validationMessage(/*i18n*/ { id: 'validation.time_zone.invalid', message: 'Please select a valid timezone' }),
  nameRequired: validationMessage(/*i18n*/ { id: 'validation.time_zone.name_required', message: 'Timezone name is required' }),
};

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
