import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { NOTIFICATION_TYPE_NAMES, notificationTypes, renderNotification, wallClock } from './notification-types';
import { repeatCode, ruleOfRepeatCode, withRepeatWords } from '../series/series-label-text';
import { notificationTexts } from './notification';
import type { SeriesRuleInput } from '../series/series-rule';

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

  it('store a series\' repeat as its rule, worded in the reader\'s language before the texts are written; the English stored before still reads', () => {
    const stored = { ride: 'Sunday breakfast', repeat: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', from: '2026-12-06' };
    expect(renderNotification(en, 'ride_created', withRepeatWords(en, 'ride_created', stored)).message).toBe('Sunday breakfast (every Sunday from Dec 6, 2026) has been added to your group');
    const handed = { series: 'Sunday breakfast', rider: 'ana', group: 'Passo Club' };
    const worded = withRepeatWords(en, 'series_handed_over', { ...handed, repeat: 'FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR' });
    expect(renderNotification(en, 'series_handed_over', worded).message).toBe('Sunday breakfast (Every 2 months on the last Friday) is yours: ana is no longer in Passo Club');
    expect(renderNotification(en, 'series_handed_over', { ...handed, repeats: 'Every Sunday' }).message).toBe('Sunday breakfast (Every Sunday) is yours: ana is no longer in Passo Club');
    // The list's and the toasts' texts word the rule themselves, in the reader's language, never the message the server wrote.
    const listed = { type: 'series_handed_over', title: '', message: 'as the server wrote it', params: { ...handed, repeat: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU' } };
    expect(notificationTexts(en, listed).message).toBe('Sunday breakfast (Every Sunday) is yours: ana is no longer in Passo Club');
  });

  it('keep every repeat rule whole through its stored form', () => {
    const rules: SeriesRuleInput[] = [
      { frequency: 'weekly', interval: 1, weekdays: ['SU'] },
      { frequency: 'weekly', interval: 3, weekdays: ['SU', 'MO', 'SA'] },
      { frequency: 'monthly', interval: 1, monthDay: 31 },
      { frequency: 'monthly', interval: 12, weekOfMonth: -1, weekday: 'FR' },
      { frequency: 'monthly', interval: 1, weekOfMonth: 4, weekday: 'WE' },
    ];
    for (const rule of rules) expect(ruleOfRepeatCode(repeatCode(rule))).toEqual(rule);
    expect(repeatCode({ frequency: 'weekly', weekdays: ['SA', 'SU'] })).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=SU,SA');
    for (const bad of ['', 'Every Sunday', 'FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=MONTHLY;BYDAY=5SU', 'FREQ=WEEKLY;INTERVAL=0;BYDAY=SU']) expect(ruleOfRepeatCode(bad)).toBeNull();
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
