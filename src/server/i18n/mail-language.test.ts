import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../platform/mailer';
import { createMailer } from '../platform/mailer';
import { buildSignedInUser, TestClient, uniqueEmail } from '../test/test-app';
import { buildGroup, buildGuest, buildInvitation, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp-server';
import { i18nFor } from './i18n.service';
import { addressChangedMail, addressTakenMail, confirmEmailMail, signInMail } from '../auth/auth.mails';
import { invitationMail, invitationSignInMail } from '../invites/invites.mails';

/*
 * Issue 31 point 7: the mails of signing in, of a rider's address and of invitations, each in the
 * language of whoever reads it: the account's saved language when the address has one, else the
 * language of the browser that asked (the rc_lang cookie, else Accept-Language), else, for an
 * invitation, the one its inviter chose. Sent through a real SMTP server and read back with
 * mailparser; each is compared with what that language's I18n writes, and with the English.
 */

const t = useTestApp({ PUBLIC_URL: 'https://rc.test' });
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const wire = createMailer({ smtpUrl: smtp.url, from: 'RoadCaptain <rides@rc.test>', dataDir: t.config.dataDir, log: t.app.ctx.log });
  // Every mail goes over SMTP; t.mail still keeps them for the factories (the sign-in tokens).
  t.app.ctx.mailer = { send: async (mail) => (t.mail.push(mail), wire.send(mail)) };
});
afterAll(async () => smtp.close());

type Builder = (i18n: Awaited<ReturnType<typeof i18nFor>>, input: { to: string; link: string; appName: string; newEmail: string; inviter: string }) => OutgoingMail;

async function speaks(userId: string, language: string | null) {
  // What Preferences saves (PREFERENCES.language, the users.language column); NULL: never chose.
  await t.app.ctx.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

const ip = () => ({ 'x-forwarded-for': `10.32.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

/** The one mail the SMTP server received for `to` while `act` ran. */
async function mailDuring(to: string, act: () => Promise<{ statusCode: number; body: string }>): Promise<ReceivedMail> {
  const before = smtp.received.length;
  const res = await act();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const mails = smtp.received.slice(before).filter((m) => m.to === to);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The mail is the one `build` writes in `language`, and not the English one. */
async function expectWrittenIn(mail: ReceivedMail, language: string, build: Builder) {
  const link = mail.parsed.text?.match(/https:\/\/rc\.test\/\S+/)?.[0] ?? '';
  const input = { to: mail.to, link, appName: t.config.appName, newEmail: mail.parsed.text?.match(/[\w.+-]+@example\.com/)?.[0] ?? '', inviter: 'Marco' };
  const expected = build(await i18nFor(language), input);
  expect(mail.parsed.subject).toBe(expected.subject);
  for (const line of expected.text.split('\n').filter(Boolean)) expect(mail.parsed.text).toContain(line);
  if (language !== 'en') expect(mail.parsed.subject).not.toBe(build(await i18nFor('en'), input).subject);
}

const patchEmail = (rider: Rider, body: Record<string, unknown>, headers: Record<string, string> = {}) => rider.client.request('PATCH', `/api/users/${rider.user.id}`, body, { ...ip(), ...headers });

describe('the address confirmation', () => {
  it("is in the asking rider's saved language, else their browser's: an Italian browser asking gets Italian", async () => {
    const saved = await buildSignedInUser(t);
    await speaks(saved.user.id, 'it');
    const toSaved = uniqueEmail('conferma');
    await expectWrittenIn(await mailDuring(toSaved, () => patchEmail(saved, { email: toSaved }, { 'accept-language': 'de-DE' })), 'it', confirmEmailMail);

    const never = await buildSignedInUser(t);
    await speaks(never.user.id, null);
    const toNever = uniqueEmail('browser');
    await expectWrittenIn(await mailDuring(toNever, () => patchEmail(never, { email: toNever }, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' })), 'it', confirmEmailMail);

    // A language saved with the same request is the one the mail is written in.
    const toPolish = uniqueEmail('polski');
    await expectWrittenIn(await mailDuring(toPolish, () => patchEmail(saved, { email: toPolish, language: 'pl' })), 'pl', confirmEmailMail);
  });

  it("sent again, is in the rider's saved language", async () => {
    const rider = await buildSignedInUser(t);
    await speaks(rider.user.id, 'fr');
    const address = uniqueEmail('renvoi');
    await mailDuring(address, () => patchEmail(rider, { email: address }));
    await expectWrittenIn(await mailDuring(address, () => rider.client.post('/api/auth/email-change/resend', undefined, ip())), 'fr', confirmEmailMail);
  });
});

describe('the "address already taken" mail', () => {
  it("is in the holder's saved language, not the asker's; else in the asking browser's", async () => {
    const asker = await buildSignedInUser(t);
    await speaks(asker.user.id, 'it');
    const holder = await buildSignedInUser(t);
    await speaks(holder.user.id, 'de');
    await expectWrittenIn(await mailDuring(holder.user.email, () => patchEmail(asker, { email: holder.user.email }, { 'accept-language': 'it-IT' })), 'de', addressTakenMail);

    const unsaid = await buildSignedInUser(t);
    await speaks(unsaid.user.id, null);
    await asker.client.post('/api/auth/email-change/cancel');
    await expectWrittenIn(await mailDuring(unsaid.user.email, () => patchEmail(asker, { email: unsaid.user.email }, { 'accept-language': 'it-IT' })), 'it', addressTakenMail);
  });
});

describe('the "address changed" mail', () => {
  it("goes to the previous address in the rider's saved language: a German rider's is German", async () => {
    const rider = await buildSignedInUser(t);
    await speaks(rider.user.id, 'de');
    const newEmail = uniqueEmail('neu');
    await patchEmail(rider, { email: newEmail }, { 'accept-language': 'it-IT' });
    const token = [...t.mail].reverse().find((m) => m.to === newEmail)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    const mail = await mailDuring(rider.user.email, () => rider.client.post('/api/auth/verify-magic-link', { token }, { 'accept-language': 'it-IT' }));
    await expectWrittenIn(mail, 'de', addressChangedMail);
    expect(mail.parsed.text).toContain(newEmail);
  });
});

describe('the sign-in mail', () => {
  it('follows the language the app last showed in the browser (its cookie) before Accept-Language', async () => {
    const browser = new TestClient(t.app);
    browser.jar.set('rc_lang', 'fr');
    const email = uniqueEmail('connexion');
    await expectWrittenIn(await mailDuring(email, () => browser.post('/api/auth/magic-link', { email }, { ...ip(), 'accept-language': 'it-IT' })), 'fr', signInMail);
  });
});

describe('invitations', () => {
  /** An owner who reads the app in Spanish (the cookie) though they saved Polish, their group and an invitation. */
  async function spanishInvitation() {
    const owner = await buildSignedInUser(t);
    await speaks(owner.user.id, 'pl');
    owner.client.jar.set('rc_lang', 'es');
    const group = await buildGroup(owner);
    return { owner, group, token: (await buildInvitation(owner, group.id)).token };
  }

  it("keep the inviter's language: a stranger's invitation mail is in it", async () => {
    const { owner, group } = await spanishInvitation();
    const stranger = uniqueEmail('extranjero');
    const mail = await mailDuring(stranger, () => owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: stranger }, { 'accept-language': 'de-DE' }));
    await expectWrittenIn(mail, 'es', invitationMail);
    expect((await t.app.ctx.db.selectFrom('invitations').select('language').where('invitee_email', '=', stranger).executeTakeFirstOrThrow()).language).toBe('es');
  });

  it("confirm a free address in the invitee's browser's language, else in the inviter's", async () => {
    const { token } = await spanishInvitation();
    const italian = await buildGuest(t);
    const toItalian = uniqueEmail('invitato');
    await expectWrittenIn(await mailDuring(toItalian, () => italian.client.post(`/api/invite/${token}/complete`, { email: toItalian }, { ...ip(), 'accept-language': 'it-IT' })), 'it', confirmEmailMail);

    const second = await spanishInvitation();
    const unsaid = await buildGuest(t);
    const toUnsaid = uniqueEmail('nadie');
    await expectWrittenIn(await mailDuring(toUnsaid, () => unsaid.client.post(`/api/invite/${second.token}/complete`, { email: toUnsaid }, { ...ip(), 'accept-language': 'ja-JP' })), 'es', confirmEmailMail);
  });

  it("sign a rider in to join in the account's saved language, else the invitee's browser's, else the inviter's", async () => {
    const cases: Array<{ saved: string | null; browser: Record<string, string>; expected: string }> = [
      { saved: 'de', browser: { 'accept-language': 'it-IT' }, expected: 'de' },
      { saved: null, browser: { 'accept-language': 'it-IT' }, expected: 'it' },
      { saved: null, browser: {}, expected: 'es' },
    ];
    for (const { saved, browser, expected } of cases) {
      const { token } = await spanishInvitation();
      const existing = await buildSignedInUser(t);
      await speaks(existing.user.id, saved);
      const device = await buildGuest(t);
      const mail = await mailDuring(existing.user.email, () => device.client.post(`/api/invite/${token}/complete`, { email: existing.user.email }, { ...ip(), ...browser }));
      await expectWrittenIn(mail, expected, invitationSignInMail);
    }
  });
});
