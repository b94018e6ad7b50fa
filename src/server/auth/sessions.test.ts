import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, randomIp, type TestApp, TestClient, tokenFromMail, uniqueEmail } from '../test/test-app';
import { sessionListSchema, signOutOthersResultSchema, signOutSessionResultSchema } from '../../shared/auth/sessions';
import { hashToken } from '../platform/tokens';
import { housekeepingJobs } from '../housekeeping';
import { useTestApp } from '../test/use-test-app';

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

/** A browser: a TestClient that sends its User-Agent with every request. */
class Browser extends TestClient {
  constructor(
    app: TestApp['app'],
    readonly userAgent: string,
    cookieName?: string,
  ) {
    super(app, cookieName);
  }
  override request(...[method, url, body, headers = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, body, { 'user-agent': this.userAgent, ...headers });
  }
}

const t = useTestApp();


/** Signs a new browser into the account of an address (the account is created on first use). */
async function signIn(email: string, userAgent: string): Promise<Browser> {
  const browser = new Browser(t.app, userAgent);
  await browser.get('/api/users/current');
  expect((await browser.post('/api/auth/magic-link', { email }, { 'x-forwarded-for': randomIp() })).statusCode).toBe(200);
  expect((await browser.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(200);
  return browser;
}

/** A rider signed in on three browsers. */
async function riderOnThreeDevices() {
  const email = uniqueEmail();
  const phone = await signIn(email, UA.chromeAndroid);
  const iphone = await signIn(email, UA.safariIphone);
  const laptop = await signIn(email, UA.firefoxWindows);
  const me = (await phone.get('/api/users/current')).json() as { id: string };
  return { email, id: me.id, phone, iphone, laptop };
}

async function listOf(browser: TestClient) {
  const res = await browser.get('/api/auth/sessions');
  expect(res.statusCode).toBe(200);
  return sessionListSchema.parse(res.json()).sessions;
}

const signedIn = async (browser: TestClient) => (await browser.get('/api/auth/sessions')).statusCode === 200;
const tokenOf = (browser: TestClient) => browser.cookie!.split('=')[1]!;
/** Reads a feed address the way a calendar app does: no cookie. */
const readFeed = (url: string) => new TestClient(t.app).get(new URL(url).pathname);

describe('GET /api/auth/sessions', () => {
  it('lists the rider’s sessions with the device in plain words, this browser first and marked', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    // Each browser makes one request after signing in, so its User-Agent is known.
    await iphone.get('/api/users/current');
    await laptop.get('/api/users/current');
    const sessions = await listOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(sessions.slice(1).map((s) => [s.device, s.current]).sort()).toEqual([
      ['Firefox on Windows', false],
      ['Safari on iPhone', false],
    ]);
    for (const s of sessions) {
      expect(new Date(s.lastSeenAt).toISOString()).toBe(s.lastSeenAt);
      expect(new Date(s.createdAt).toISOString()).toBe(s.createdAt);
    }
  });

  it('never shows a session token or its hash, only opaque ids', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    const body = (await phone.get('/api/auth/sessions')).body;
    for (const browser of [phone, iphone, laptop]) {
      expect(body).not.toContain(tokenOf(browser));
      expect(body).not.toContain(hashToken(tokenOf(browser)));
    }
    const hashes = (await t.app.ctx.db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
    for (const s of JSON.parse(body).sessions as Array<{ id: string }>) expect(hashes).not.toContain(s.id);
  });

  it('answers 401 without a session and shows nobody else’s sessions', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    const a = await riderOnThreeDevices();
    const b = await signIn(uniqueEmail(), UA.chromeAndroid);
    const ids = new Set((await listOf(a.phone)).map((s) => s.id));
    const theirs = await listOf(b);
    expect(theirs).toHaveLength(1);
    expect(ids.has(theirs[0]!.id)).toBe(false);
  });
});

describe('signing sessions out', () => {
  it('"Sign out other devices" ends every other session and keeps this one', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    const res = await phone.post('/api/auth/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, signedOut: 2, calendarFeed: null });
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(iphone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect((await listOf(phone)).map((s) => s.current)).toEqual([true]);
  });

  it('"Sign out other devices" also gives the calendar feed a new address: the devices put out cannot read it any more', async () => {
    const { phone, iphone } = await riderOnThreeDevices();
    // The feed is read without a session, so a device that took its address keeps it after signing out.
    const old = (await iphone.get('/api/users/current/calendar')).json() as { url: string };
    expect((await readFeed(old.url)).statusCode).toBe(200);
    const res = await phone.post('/api/auth/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect((await readFeed(old.url)).statusCode).toBe(404);
    const { calendarFeed } = signOutOthersResultSchema.parse(res.json());
    expect(calendarFeed).toEqual({ url: expect.stringMatching(/^http:\/\/rc\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/), scope: 'groups' });
    expect(calendarFeed!.url).not.toBe(old.url);
    expect((await readFeed(calendarFeed!.url)).statusCode).toBe(200);
    // This device stays signed in and is shown the new address.
    expect(await signedIn(phone)).toBe(true);
    expect((await phone.get('/api/users/current/calendar')).json()).toEqual(calendarFeed);
    expect(await signedIn(iphone)).toBe(false);
  });

  it('"Sign out other devices" makes no feed for a rider who has none', async () => {
    const { phone, id } = await riderOnThreeDevices();
    const res = await phone.post('/api/auth/sessions/sign-out-others');
    expect(res.json()).toEqual({ success: true, signedOut: 2, calendarFeed: null });
    expect(await t.app.ctx.db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('ends one of the rider’s sessions by its id; replaying the call answers 404', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    await iphone.get('/api/users/current');
    const target = (await listOf(phone)).find((s) => s.device === 'Safari on iPhone')!;
    expect((await phone.delete(`/api/auth/sessions/${target.id}`)).statusCode).toBe(200);
    expect(await signedIn(iphone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    const replay = await phone.delete(`/api/auth/sessions/${target.id}`);
    expect(replay.statusCode).toBe(404);
    expect(replay.json()).toMatchObject({ message: 'Session not found' });
  });

  it('answers another rider’s session id exactly like an unknown one, and leaves it alone', async () => {
    const victim = await riderOnThreeDevices();
    const attacker = await signIn(uniqueEmail(), UA.firefoxWindows);
    const victimSession = (await listOf(victim.phone))[0]!;
    const theirs = await attacker.delete(`/api/auth/sessions/${victimSession.id}`);
    const unknown = await attacker.delete(`/api/auth/sessions/${crypto.randomUUID()}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(await signedIn(victim.phone)).toBe(true);
    // Neither the token nor its hash works as an id.
    expect((await attacker.delete(`/api/auth/sessions/${hashToken(tokenOf(victim.phone))}`)).statusCode).toBe(400);
    expect(await signedIn(victim.phone)).toBe(true);
    // Signing out others only touches the asking rider's own sessions.
    await attacker.post('/api/auth/sessions/sign-out-others');
    expect(await signedIn(victim.laptop)).toBe(true);
  });

  it('signing out one lost device gives the calendar feed a new address too; signing this browser out keeps it', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    const old = (await iphone.get('/api/users/current/calendar')).json() as { url: string };
    const lost = (await listOf(iphone)).find((s) => s.current)!;
    const res = await phone.delete(`/api/auth/sessions/${lost.id}`);
    expect(res.statusCode).toBe(200);
    expect(await signedIn(iphone)).toBe(false);
    expect((await readFeed(old.url)).statusCode).toBe(404);
    const { calendarFeed } = signOutSessionResultSchema.parse(res.json());
    expect(calendarFeed!.url).not.toBe(old.url);
    expect((await readFeed(calendarFeed!.url)).statusCode).toBe(200);
    expect((await laptop.get('/api/users/current/calendar')).json()).toEqual(calendarFeed);

    // Signing this very browser out is a logout: the feed the rider's other devices use stays.
    const own = (await listOf(laptop)).find((s) => s.current)!;
    const out = await laptop.delete(`/api/auth/sessions/${own.id}`);
    expect(out.json()).toEqual({ success: true, calendarFeed: null });
    expect((await readFeed(calendarFeed!.url)).statusCode).toBe(200);
  });

  it('ending this browser’s own session signs it out and clears the cookie', async () => {
    const { phone, laptop } = await riderOnThreeDevices();
    const own = (await listOf(phone))[0]!;
    const res = await phone.delete(`/api/auth/sessions/${own.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/rc_session=;/);
    expect(await signedIn(laptop)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: `rc_session=${tokenOf(laptop)}` } })).statusCode).toBe(200);
  });

  it('refuses cross-site sign-outs', async () => {
    const { phone, laptop } = await riderOnThreeDevices();
    const res = await phone.post('/api/auth/sessions/sign-out-others', undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await signedIn(laptop)).toBe(true);
  });
});

describe('idle sessions and last seen', () => {
  const setSession = (browser: TestClient, fields: { last_seen_at?: string; expires_at?: string }) =>
    t.app.ctx.db.updateTable('sessions').set(fields).where('id_hash', '=', hashToken(tokenOf(browser))).execute();
  const lastSeenOf = async (browser: TestClient) =>
    (await t.app.ctx.db.selectFrom('sessions').select('last_seen_at').where('id_hash', '=', hashToken(tokenOf(browser))).executeTakeFirst())?.last_seen_at;
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

  it('ends a session unused for 30 days, and keeps one used 29 days ago', async () => {
    const { phone, iphone, laptop } = await riderOnThreeDevices();
    await setSession(iphone, { last_seen_at: daysAgo(30.01) });
    await setSession(laptop, { last_seen_at: daysAgo(29) });
    expect(await signedIn(iphone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await listOf(phone)).map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows']);
    // A new guest for the idle browser, not its old account.
    const me = (await phone.get('/api/users/current')).json().id;
    const idle = new TestClient(t.app);
    idle.cookie = iphone.cookie;
    expect((await idle.get('/api/users/current')).json().id).not.toBe(me);
  });

  it('still ends every session 90 days after it started, however recently it was used', async () => {
    const { phone, laptop } = await riderOnThreeDevices();
    await setSession(laptop, { expires_at: daysAgo(0.001), last_seen_at: daysAgo(0.01) });
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
  });

  it('records use at most once an hour per session', async () => {
    const { phone, laptop } = await riderOnThreeDevices();
    await laptop.get('/api/users/current'); // the first request names the browser
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    await setSession(laptop, { last_seen_at: tenMinutesAgo });
    await laptop.get('/api/users/current');
    await laptop.get('/api/auth/sessions');
    expect(await lastSeenOf(laptop)).toBe(tenMinutesAgo);

    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
    await setSession(phone, { last_seen_at: twoHoursAgo });
    const before = Date.now();
    await phone.get('/api/users/current');
    expect(new Date((await lastSeenOf(phone))!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('housekeeping removes idle sessions', async () => {
    const { phone, iphone } = await riderOnThreeDevices();
    await setSession(iphone, { last_seen_at: daysAgo(31) });
    const job = housekeepingJobs(t.app.ctx).find((j) => j.name === 'remove-expired-sessions')!;
    await job.run();
    expect(await lastSeenOf(iphone)).toBeUndefined();
    expect(await lastSeenOf(phone)).toBeDefined();
  });
});

describe('confirming an e-mail change', () => {
  it('ends every other session of the account and tells the old address', async () => {
    const { email: oldEmail, id, phone, iphone, laptop } = await riderOnThreeDevices();
    const newEmail = uniqueEmail();
    expect((await phone.request('PATCH', `/api/users/${id}`, { email: newEmail }, { 'x-forwarded-for': randomIp() })).statusCode).toBe(200);
    // Nothing ends before the new address is confirmed.
    expect(await signedIn(iphone)).toBe(true);
    const before = t.mail.length;
    const token = tokenFromMail(t.mail, newEmail);
    expect((await laptop.post('/api/auth/verify-magic-link', { token })).statusCode).toBe(200);

    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(iphone)).toBe(false);
    expect((await laptop.get('/api/users/current')).json()).toMatchObject({ id, email: newEmail, pendingEmail: null });
    expect((await listOf(laptop)).length).toBe(1);

    const notice = t.mail.slice(before).find((m) => m.to === oldEmail)!;
    expect(notice.subject).toBe('Your RoadCaptain address was changed');
    expect(notice.text).toContain(`Your RoadCaptain address was changed to ${newEmail}.`);
    expect(notice.text).not.toMatch(/token=/);

    // Replaying the link does nothing more.
    expect((await iphone.post('/api/auth/verify-magic-link', { token })).statusCode).toBe(401);
    expect(await signedIn(laptop)).toBe(true);
  });

  it('ends the asking session too when a first address is confirmed in another browser', async () => {
    // A guest asks for someone else's address; its owner, in their own browser, confirms the mail.
    const asker = new Browser(t.app, UA.firefoxWindows);
    const { id } = (await asker.get('/api/users/current')).json();
    const address = uniqueEmail();
    expect((await asker.request('PATCH', `/api/users/${id}`, { email: address }, { 'x-forwarded-for': randomIp() })).statusCode).toBe(200);
    const owner = new Browser(t.app, UA.safariIphone);
    await owner.get('/api/users/current');
    const token = tokenFromMail(t.mail, address);
    expect((await owner.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'confirmation_required', email: address });
    expect((await owner.post('/api/auth/verify-magic-link', { token, confirm: true })).statusCode).toBe(200);

    // Whoever reads the mailbox now holds the account alone: the asker is signed out of it.
    expect((await owner.get('/api/users/current')).json()).toMatchObject({ id, email: address });
    expect(await signedIn(asker)).toBe(false);
    expect((await listOf(owner)).length).toBe(1);
  });

  it('uses the configured product name in the notice', async () => {
    const other = await createTestApp({ APP_NAME: 'MotoCrew' });
    try {
      const browser = new TestClient(other.app);
      await browser.get('/api/users/current');
      const oldEmail = uniqueEmail();
      await browser.post('/api/auth/magic-link', { email: oldEmail });
      await browser.post('/api/auth/verify-magic-link', { token: tokenFromMail(other.mail, oldEmail) });
      const me = (await browser.get('/api/users/current')).json();
      const newEmail = uniqueEmail();
      await browser.patch(`/api/users/${me.id}`, { email: newEmail });
      await browser.post('/api/auth/verify-magic-link', { token: tokenFromMail(other.mail, newEmail) });
      expect(other.mail.at(-1)).toMatchObject({ to: oldEmail, subject: 'Your MotoCrew address was changed' });
      expect(other.mail.at(-1)!.text).toContain(`Your MotoCrew address was changed to ${newEmail}.`);
    } finally {
      await other.close();
    }
  });

  it('a guest’s first address ends no session and mails no one else', async () => {
    const guest = new TestClient(t.app);
    const me = (await guest.get('/api/users/current')).json();
    const email = uniqueEmail();
    await guest.request('PATCH', `/api/users/${me.id}`, { email }, { 'x-forwarded-for': randomIp() });
    const before = t.mail.length;
    await guest.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
    expect(t.mail.length).toBe(before);
    expect((await guest.get('/api/users/current')).json()).toMatchObject({ id: me.id, email });
  });
});

describe('the session cookie over https', () => {
  it('is named __Host-rc_session: Secure, Path=/, no Domain; a plain rc_session is ignored', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://rc.test' });
    try {
      const browser = new Browser(secure.app, UA.chromeAndroid, '__Host-rc_session');
      const first = await browser.get('/api/users/current');
      const header = String(first.headers['set-cookie']);
      expect(header).toMatch(/^__Host-rc_session=[A-Za-z0-9_-]{43};/);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).not.toMatch(/Domain=/i);
      const id = first.json().id;
      expect((await browser.get('/api/users/current')).json().id).toBe(id);

      const token = tokenOf(browser);
      const plain = await secure.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: `rc_session=${token}` } });
      expect(plain.statusCode).toBe(401);
      const prefixed = await secure.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: `__Host-rc_session=${token}` } });
      expect(prefixed.statusCode).toBe(200);

      const out = await browser.post('/api/auth/logout', undefined, { origin: 'https://rc.test' });
      expect(String(out.headers['set-cookie'])).toMatch(/^__Host-rc_session=;.*Path=\/.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('keeps rc_session over http', async () => {
    const res = await new TestClient(t.app).get('/api/users/current');
    expect(String(res.headers['set-cookie'])).toMatch(/^rc_session=/);
  });
});
