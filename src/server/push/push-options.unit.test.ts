import { describe, expect, it } from 'vitest';
import { pushDeliveryOptions } from './push-options';

const now = new Date('2026-06-06T16:00:00Z');

describe('the TTL and urgency of a push by type', () => {
  it('wakes the device at once for a cancellation or a seat, kept a day', () => {
    for (const type of ['ride_cancelled', 'waitlist_seat_taken', 'waitlist_seat_free']) expect(pushDeliveryOptions(type, { now })).toEqual({ ttlSeconds: 86_400, urgency: 'high' });
  });

  it('lets news that can wait wait for the next wake-up', () => {
    expect(pushDeliveryOptions('media_uploaded', { now })).toEqual({ ttlSeconds: 86_400, urgency: 'low' });
    expect(pushDeliveryOptions('ride_created', { now })).toEqual({ ttlSeconds: 86_400, urgency: 'normal' });
  });

  it('lets a reminder expire at the ride start, never after', () => {
    expect(pushDeliveryOptions('ride_reminder', { now, rideStartsAt: new Date('2026-06-07T07:30:00Z') })).toEqual({ ttlSeconds: 15.5 * 3600, urgency: 'normal' });
    expect(pushDeliveryOptions('ride_reminder', { now, rideStartsAt: new Date('2026-06-06T15:00:00Z') }).ttlSeconds).toBe(0);
    // The reminders a rider chose (issue 30 point 6) likewise.
    expect(pushDeliveryOptions('ride_reminder_due', { now, rideStartsAt: new Date('2026-06-06T18:00:00Z') })).toEqual({ ttlSeconds: 2 * 3600, urgency: 'normal' });
  });
});
