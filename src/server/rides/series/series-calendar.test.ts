import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { TestClient } from '../../test/test-app';
import { buildGroup, buildGuest, rideBody } from '../../test/factories';
import { makeSeriesRides } from './series.service';
import type { RideDetail } from '../../../shared/rides/ride';
import type { Series } from '../../../shared/series/series-rule';

const t = useTestApp();

/**
 * Europe/Rome as calendars carry it (the rules in force since 1996): ical.js converts the feed's UTC
 * times through it, as a phone set to Rome shows them.
 */
const ROME = `BEGIN:VCALENDAR
BEGIN:VTIMEZONE
TZID:Europe/Rome
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
END:VCALENDAR`;
const rome = new ICAL.Timezone(new ICAL.Component(ICAL.parse(ROME)).getFirstSubcomponent('vtimezone')!);

/** Every event of the feed as a calendar in Rome shows it: its day, its hour, its status. */
function inRome(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const local = event.startDate.convertToZone(rome);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      uid: event.uid,
      summary: event.summary,
      day: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
      time: `${pad(local.hour)}:${pad(local.minute)}`,
      weekday: local.dayOfWeek(), // 1: Sunday
      status: vevent.getFirstPropertyValue('status') as string | null,
    };
  });
}

describe('a series in the calendar feed', () => {
  it('shows every ride on its Sunday at 09:00 in Rome across both changes of season, one event each, with an edited and a skipped one right', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const startDate = '2027-03-14T08:00:00.000Z'; // 09:00 in Rome (UTC+01:00), as the form sends it
    const created = await owner.client.post('/api/rides', rideBody(group.id, { name: 'Sunday breakfast', startDate, endDate: startDate, timezoneOffset: 'UTC+01:00', timezoneName: 'Rome', repeats: { rule: { frequency: 'weekly', weekdays: ['SU'] }, timezone: 'Europe/Rome' } }));
    expect(created.statusCode).toBe(201);
    const seriesId = (created.json() as RideDetail).series!.id;
    for (const at of ['2027-03-01', '2027-05-01', '2027-07-01', '2027-08-25', '2027-10-01']) await makeSeriesRides(t.app.ctx, new Date(`${at}T12:00:00Z`));
    const rides = ((await owner.client.get(`/api/series/${seriesId}`)).json() as Series).upcoming;
    const byDay = new Map(rides.map((r) => [r.day, r.id]));
    // One ride edited alone (10:00 on the first summer Sunday), one skipped (the first winter Sunday).
    expect((await owner.client.patch(`/api/rides/${byDay.get('2027-04-04')}`, { startDate: '2027-04-04T08:00:00.000Z' })).statusCode).toBe(200);
    expect((await owner.client.post(`/api/rides/${byDay.get('2027-10-31')}/skip`)).statusCode).toBe(200);

    const feedUrl = ((await owner.client.get('/api/users/current/calendar')).json() as { url: string }).url;
    const feed = await new TestClient(t.app).get(new URL(feedUrl).pathname);
    expect(feed.statusCode).toBe(200);
    const events = inRome(feed.body).filter((e) => e.summary.replace(/^Cancelled: /, '').startsWith('Sunday breakfast'));
    expect(events).toHaveLength(rides.length);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(new Set(events.map((e) => e.day)).size).toBe(events.length);
    for (const event of events) {
      expect(event.weekday, event.day).toBe(1);
      expect(event.time, event.day).toBe(event.day === '2027-04-04' ? '10:00' : '09:00');
      expect(event.status, event.day).toBe(event.day === '2027-10-31' ? 'CANCELLED' : 'CONFIRMED');
      expect(event.summary.startsWith('Cancelled: '), event.day).toBe(event.day === '2027-10-31');
    }
    // Both changes of season are in the feed: the Sundays either side of each.
    const days = events.map((e) => e.day);
    expect(days).toEqual(expect.arrayContaining(['2027-03-21', '2027-03-28', '2027-10-24', '2027-10-31', '2027-11-07']));
    expect(events.find((e) => e.day === '2027-03-28')!.summary).toBe('Sunday breakfast · Mar 28, 2027');
  });
});
