import type { I18n } from '@lingui/core';
import type { Ride } from '../../../shared/rides/ride';
import { MESSAGE_FORMATS } from '../../../shared/http/error-values';
import { AMBIGUOUS_LOCAL_TIME } from '../../../shared/rides/ride-notice';
import { onRidersClock } from '../api-client';

/** A create or edit answer's notice (a start the zone has twice) in the rider's language and clock, from its parameters; its English when it has none. */
export function rideNoticeText(i18n: I18n, notice: NonNullable<Ride['notice']>): string {
  if (!notice.params) return notice.message;
  return i18n._(AMBIGUOUS_LOCAL_TIME.id, onRidersClock(i18n, notice.params), { message: AMBIGUOUS_LOCAL_TIME.message, formats: MESSAGE_FORMATS });
}
