import nodemailer from 'nodemailer';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../platform/mailer';
import { buildSignedInUser, TestClient } from '../test/test-app';
import { addMember, buildGroup, buildRide, inDays, rideBody, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { useFakePushService } from '../test/fake-push-service';
import { runDueDeliveries } from '../deliveries/deliveries.worker';
import { deliverySenders } from '../deliveries/senders';
import { pushMessageSchema } from '../../shared/push/push';
import { notificationLabel, renderNotification } from '../../shared/notifications/notification-types';
import { zonedDateTimeToIso } from '../../shared/rides/ride-time';
import { i18nFor } from './i18n.service';
import { signInMail } from '../auth/auth.mails';
import { invitationMail } from '../invites/invites.mails';
import { withRepeatWords } from '../../shared/series/series-label-text';

/*
 * Issue 31 point 7: a mail and a push are written in the language of the rider they go to, never in
 * the one of the rider who caused them; the sign-in mail in the language of the browser that asked.
 * Mails are read back as a mail client reads them (mailparser), pushes as the phone decrypts them.
 * Each is compared with what that language's I18n writes for the same message; that the Italian
 * differs from the German and the English holds once the catalogs translate these messages.
 */

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });
const fake = useFakePushService(t);

const wire = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** A mail as the recipient's mail client reads it: built into MIME and parsed back. */
async function received(mail: OutgoingMail): Promise<ParsedMail> {
  const info = await wire.sendMail({ from: 'RoadCaptain <rides@rc.test>', ...mail });
  return simpleParser(info.message as Buffer);
}

async function speaks(userId: string, language: string) {
  // What Preferences saves (PREFERENCES.language, the users.language column).
  await t.app.ctx.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** A group whose owner and member each saved a language (a German owner and an Italian member, unless told). */
async function groupSpeaking(ownerLanguage = 'de', memberLanguage = 'it') {
  const owner = await buildSignedInUser(t);
  await speaks(owner.user.id, ownerLanguage);
  const group = await buildGroup(owner, { membershipApprovalRequired: false });
  const rider = await buildSignedInUser(t);
  await speaks(rider.user.id, memberLanguage);
  await addMember(owner, rider, group.id);
  return { owner, group, rider };
}

describe('a notification caused by a German rider to an Italian one', () => {
  it('comes by mail and by push in Italian', async () => {
    const { owner, group, rider } = await groupSpeaking();
    const startDate = zonedDateTimeToIso(inDays(4).slice(0, 10), '09:00', 'Africa/Johannesburg');
    const ride = await buildRide(owner, group.id, { startDate, endDate: startDate, timezone: 'Africa/Johannesburg', timezoneOffset: 'UTC+02:00', timezoneName: 'Johannesburg' });
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    await runDueDeliveries(t.app.ctx, deliverySenders());
    const subscription = fake.subscribe();
    expect((await rider.client.put('/api/push/subscription', subscription)).statusCode).toBe(200);
    const arriving = fake.nextPush(subscription.endpoint);

    const before = t.mail.length;
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    await runDueDeliveries(t.app.ctx, deliverySenders());

    const params = { ride: ride.name, startAt: startDate, zone: 'Africa/Johannesburg' };
    const [it_, de, en] = await Promise.all(['it', 'de', 'en'].map((l) => i18nFor(l)));
    const italian = renderNotification(it_!, 'ride_cancelled', params);
    const sent = t.mail.slice(before).filter((m) => m.to === rider.user.email);
    expect(sent).toHaveLength(1);
    const mail = await received(sent[0]!);
    expect(mail.subject).toBe(italian.message);
    expect(mail.text).toContain(italian.message);
    expect(mail.html || '').toContain(`<html lang="it">`);
    expect(mail.text).toContain(notificationLabel(it_!, 'ride_cancelled'));
    // The calendar invitation keeps the ride's own name.
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
    expect(ics).toMatch(new RegExp(`^SUMMARY:.*${ride.name}`, 'm'));
    // ...behind the rider's word for cancelled.
    expect(ics).toContain(`SUMMARY:${it_!._(/*i18n*/ { id: 'calendar.event.cancelled', message: 'Cancelled: {ride}', values: { ride: ride.name } })}`);
    expect(ics).not.toContain('SUMMARY:Cancelled');

    const push = pushMessageSchema.parse(JSON.parse((await arriving).text));
    expect(push).toMatchObject({ title: italian.title, body: italian.message });

    // Italian, not the German of the rider who cancelled, nor English (holds once the catalogs are translated).
    expect(italian.message).not.toBe(renderNotification(de!, 'ride_cancelled', params).message);
    expect(italian.message).not.toBe(renderNotification(en!, 'ride_cancelled', params).message);
    // The title has no date in it (dates already follow the locale through Intl): it differs only when translated.
    expect(italian.title).not.toBe(renderNotification(de!, 'ride_cancelled', params).title);
    expect(italian.title).not.toBe(renderNotification(en!, 'ride_cancelled', params).title);
  });
});

describe("a series' repeat, told by a German rider to an Italian one", () => {
  /** The first Sunday of each month at 09:00 in Rome, from Sunday 6 December 2026, made by `owner` in `groupId`. */
  async function firstSundays(owner: Rider, groupId: string) {
    const rule = { frequency: 'monthly', weekOfMonth: 1, weekday: 'SU' };
    const res = await owner.client.post('/api/rides', rideBody(groupId, { name: 'Colazione in Futa', startDate: '2026-12-06T08:00:00.000Z', endDate: '2026-12-06T08:00:00.000Z', timezoneOffset: 'UTC+01:00', timezoneName: 'Rome', repeats: { rule, timezone: 'Europe/Rome' } }));
    expect(res.statusCode).toBe(201);
  }

  it('comes by mail, by push and in the list in Italian: "la prima domenica", not the German or the English', async () => {
    const { owner, group, rider } = await groupSpeaking();
    await runDueDeliveries(t.app.ctx, deliverySenders());
    const subscription = fake.subscribe();
    expect((await rider.client.put('/api/push/subscription', subscription)).statusCode).toBe(200);
    const arriving = fake.nextPush(subscription.endpoint);

    const before = t.mail.length;
    await firstSundays(owner, group.id);
    await runDueDeliveries(t.app.ctx, deliverySenders());

    const it_ = await i18nFor('it');
    const params = { ride: 'Colazione in Futa', repeat: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1SU', from: '2026-12-06' };
    const italian = renderNotification(it_, 'ride_created', withRepeatWords(it_, 'ride_created', params));
    expect(italian.message).toMatch(/^Colazione in Futa \(ogni mese, la prima domenica, dal .*2026\) è stato aggiunto al tuo gruppo$/);

    const sent = t.mail.slice(before).filter((m) => m.to === rider.user.email);
    expect(sent).toHaveLength(1);
    const mail = await received(sent[0]!);
    expect(mail.text).toContain(italian.message);
    const push = pushMessageSchema.parse(JSON.parse((await arriving).text));
    expect(push.body).toBe(italian.message);
    const listed = (await rider.client.get('/api/notifications')).json() as Array<{ type: string; message: string; params?: Record<string, unknown> }>;
    const told = listed.find((n) => n.type === 'ride_created');
    // The rule is stored, not a sentence: the list is written in the reader's language too.
    expect(told).toMatchObject({ message: italian.message, params: { repeat: params.repeat } });
    for (const english of ['Monthly', 'first Sunday', 'Sonntag']) expect(`${mail.text} ${push.body}`).not.toContain(english);
  });

  it("is told to an Italian owner in Italian when the German rider who runs the series leaves", async () => {
    const { owner, group, rider: organizer } = await groupSpeaking('it', 'de');
    await firstSundays(organizer, group.id);
    await runDueDeliveries(t.app.ctx, deliverySenders());

    const before = t.mail.length;
    expect((await organizer.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    await runDueDeliveries(t.app.ctx, deliverySenders());

    const listed = (await owner.client.get('/api/notifications')).json() as Array<{ type: string; message: string }>;
    const told = listed.find((n) => n.type === 'series_handed_over');
    expect(told?.message).toContain('(Ogni mese, la prima domenica)');
    const sent = t.mail.slice(before).filter((m) => m.to === owner.user.email);
    for (const mail of sent) expect((await received(mail)).text).not.toContain('Monthly on');
  });
});

describe('the sign-in mail', () => {
  const link = 'https://rc.test/auth/magic-link?token=x';
  it("is written in the language of the browser that asked for it (Accept-Language), English when it speaks none of ours", async () => {
    const asks = async (email: string, acceptLanguage?: string) => {
      const before = t.mail.length;
      const headers: Record<string, string> = { 'x-forwarded-for': `10.31.0.${Math.floor(Math.random() * 250)}`, ...(acceptLanguage && { 'accept-language': acceptLanguage }) };
      expect((await new TestClient(t.app).post('/api/auth/magic-link', { email }, headers)).statusCode).toBe(200);
      const mail = t.mail.slice(before).find((m) => m.to === email);
      expect(mail).toBeDefined();
      return received(mail!);
    };
    const expected = async (language: string) => signInMail(await i18nFor(language), { to: 'x@rc.test', link, appName: t.config.appName });

    const italian = await asks('lingua-it@rc.test', 'it-IT,it;q=0.9,en;q=0.5');
    expect(italian.subject).toBe((await expected('it')).subject);
    const english = await asks('lingua-en@rc.test', 'ja-JP');
    expect(english.subject).toBe(`Your ${t.config.appName} sign-in link`);
    expect(english.text).toContain(`Open this link to sign in to ${t.config.appName}:`);
    const noHeader = await asks('lingua-none@rc.test');
    expect(noHeader.subject).toBe(`Your ${t.config.appName} sign-in link`);

    // Italian, not English (holds once the catalogs are translated).
    expect(italian.subject).not.toBe((await expected('en')).subject);
  });
});

describe('the invitation mail', () => {
  it("is written in the invitee's saved language when they are a rider, else in the inviter's browser's", async () => {
    const owner = await buildSignedInUser(t);
    await speaks(owner.user.id, 'de');
    const group = await buildGroup(owner);
    const known = await buildSignedInUser(t);
    await speaks(known.user.id, 'it');
    const invite = async (to: string) => {
      const before = t.mail.length;
      const answer = await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: to }, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(answer.statusCode).toBe(201);
      const mail = t.mail.slice(before).find((m) => m.to === to);
      expect(mail).toBeDefined();
      return { parsed: await received(mail!), link: (answer.json() as { magicLink: string }).magicLink };
    };
    const expected = async (language: string, link: string) => invitationMail(await i18nFor(language), { to: 'x@rc.test', link, appName: t.config.appName, inviter: 'Marco' });

    const toKnown = await invite(known.user.email);
    expect(toKnown.parsed.subject).toBe((await expected('it', toKnown.link)).subject);
    expect(toKnown.parsed.text).toContain(toKnown.link);
    const toStranger = await invite('lingua-stranger@rc.test');
    expect(toStranger.parsed.subject).toBe((await expected('de', toStranger.link)).subject);

    // Italian for the Italian rider, German for the stranger, not English (holds once the catalogs are translated).
    expect(toKnown.parsed.subject).not.toBe(toStranger.parsed.subject);
    expect(toStranger.parsed.subject).not.toBe((await expected('en', toStranger.link)).subject);
  });
});
