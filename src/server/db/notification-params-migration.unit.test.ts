import { describe, expect, it } from 'vitest';
import { i18nFor } from '../i18n/i18n.service';
import { renderNotification } from '../../shared/notifications/notification-types';
import { paramsFromText } from './migrations/041_notification_params';

describe('migration 041: stored texts read back as parameters', () => {
  it('reads each template back, the day and time on the ride’s clock as an instant again', () => {
    expect(paramsFromText({ id: '1', type: 'ride_changed', title: 'Ride changed', message: 'Futa now starts on Dec 5, 2026 at 09:00 from Bologna, Italy', ride_offset: 'UTC+01:00' })).toEqual({
      ride: 'Futa',
      place: 'Bologna, Italy',
      startAt: '2026-12-05T08:00:00.000Z',
      zone: 'UTC+01:00',
    });
    expect(paramsFromText({ id: '2', type: 'membership_approved', title: 'Membership approved!', message: "You're now a member of Grüne Kurven.", ride_offset: null })).toEqual({ group: 'Grüne Kurven' });
    expect(paramsFromText({ id: '3', type: 'ride_below_minimum', title: 'Not enough riders yet', message: 'Futa has 2 of the 4 riders it needs', ride_offset: null })).toEqual({ ride: 'Futa', riders: 2, minimum: 4 });
    expect(paramsFromText({ id: '4', type: 'ride_reminder', title: 'Ride Tomorrow!', message: "Don't forget about Futa", ride_offset: null })).toEqual({ ride: 'Futa', daysLeft: 1 });
    // What reads as none of its type's templates keeps its text.
    expect(paramsFromText({ id: '5', type: 'media_uploaded', title: 'New Media', message: 'ana uploaded new media', ride_offset: null })).toBeNull();
    expect(paramsFromText({ id: '6', type: 'no_such_type', title: 'x', message: 'y', ride_offset: null })).toBeNull();
  });

  it('writes a migrated notification again as it was stored, its time on the fixed offset it was read on', async () => {
    // The zone such rows keep is the ride's offset label then ("UTC+05:30"), so wallClock must read one.
    const stored = { id: '1', type: 'ride_changed', title: 'Ride changed', message: 'Futa now starts on Dec 5, 2026 at 09:00 from Bologna, Italy', ride_offset: 'UTC+05:30' };
    expect(renderNotification(await i18nFor('en'), 'ride_changed', paramsFromText(stored)!)).toEqual({ title: stored.title, message: stored.message });
  });
});
