import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { NOTIFICATION_TYPE_NAMES, notificationTypes, renderNotification, wallClock } from './notification-types';

// English as the descriptors write it (the server's catalogs are tested in src/server/i18n).
const en = setupI18n({ locale: 'en', messages: { en: {} } });
en.setMessagesCompiler(compileMessage);

describe('notification types', () => {
  it('write their texts from named parameters, today’s names over the stored ones', () => {
    const params = { ride: 'Futa', place: 'Bologna', startAt: '2026-12-05T08:00:00.000Z', zone: 'Europe/Rome' };
    expect(renderNotification(en, 'ride_changed', params)).toEqual({ title: 'Ride changed', message: 'Futa now starts on Dec 5, 2026 at 09:00 from Bologna' });
    expect(renderNotification(en, 'ride_changed', params, { ride: 'Futa Pass' }).message).toBe('Futa Pass now starts on Dec 5, 2026 at 09:00 from Bologna');
    expect(renderNotification(en, 'media_uploaded', { rider: 'ana' }, { ride: 'Futa' }, 13).message).toBe('ana uploaded 13 files to Futa');
    expect(renderNotification(en, 'ride_reminder', { ride: 'Futa', daysLeft: 3 }).title).toBe('Ride in 3 days');
  });

  it('tell a series once: its name, how it repeats and from which day, whatever its first ride is called now', () => {
    const params = { ride: 'Sunday breakfast', series: 'Every Sunday', from: '2026-12-06' };
    expect(renderNotification(en, 'ride_created', params, { ride: 'Sunday breakfast · Dec 6, 2026' }).message).toBe('Sunday breakfast (every Sunday from Dec 6, 2026) has been added to your group');
    expect(renderNotification(en, 'ride_created', { ride: 'Futa' }, { ride: 'Futa Pass' }).message).toBe('Futa Pass has been added to your group');
  });

  it('tell an instant on an IANA zone or a fixed offset label; anything else is UTC', () => {
    expect(wallClock('2026-07-04T07:00:00.000Z', 'Europe/Berlin')).toEqual({ day: '2026-07-04', time: '09:00' });
    expect(wallClock('2026-07-04T07:00:00.000Z', 'UTC+05:30')).toEqual({ day: '2026-07-04', time: '12:30' });
    expect(wallClock('2026-07-04T07:00:00.000Z', 'Mars/Olympus')).toEqual({ day: '2026-07-04', time: '07:00' });
  });

  it('each have a section, a page, a label and their texts', () => {
    for (const type of NOTIFICATION_TYPE_NAMES) expect(notificationTypes[type].label.message.length).toBeGreaterThan(0);
  });
});
