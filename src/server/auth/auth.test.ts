import { describe, expect, it } from 'vitest';
import { randomIp, TestClient, tokenFromMail, uniqueEmail } from '../test/test-app';
import { MAGIC_LINK_INVALID_MESSAGE } from '../../shared/auth/magic-link';
import { MAGIC_LINKS_PER_EMAIL_PER_HOUR, MAGIC_LINKS_PER_IP_PER_HOUR } from './link-rate-limits.service';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/** Asks for a sign-in link to `email` from `client`'s browser; the token it mailed. */
async function linkToken(client: TestClient, email: string) {
  await client.post('/api/auth/magic-link', { email });
  return tokenFromMail(t.mail, email);
}

describe('POST /api/auth/magic-link', () => {
  it('mails a single-use link built from PUBLIC_URL, whatever the Host header says', async () => {
    const client = new TestClient(t.app);
    const email = uniqueEmail();
    const res = await client.post('/api/auth/magic-link', { email: `  ${email.toUpperCase()} ` }, { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toMatch(/^http:\/\/rc\.test\/auth\/magic-link\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).toContain('expires in 1 hour');
  });

  it('answers known and unknown addresses alike', async () => {
    const { client } = { client: new TestClient(t.app) };
    const known = uniqueEmail();
    await client.post('/api/auth/magic-link', { email: known });
    await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, known) });
    const again = await new TestClient(t.app).post('/api/auth/magic-link', { email: known });
    const unknown = await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() });
    expect(again.statusCode).toBe(unknown.statusCode);
    expect(again.json()).toEqual(unknown.json());
  });

  it.each([
    [{}, 'Email required'],
    [{ email: '   ' }, 'Email required'],
    [{ email: 42 }, 'Email required'],
    [{ email: 'not-an-address' }, 'Invalid email address'],
  ])('refuses %j with 400 "%s" and sends nothing', async (body, message) => {
    const before = t.mail.length;
    const res = await new TestClient(t.app).post('/api/auth/magic-link', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field: 'email' });
    expect(t.mail.length).toBe(before);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with JSON 4xx', async () => {
    const client = new TestClient(t.app);
    const malformed = await client.request('POST', '/api/auth/magic-link', '{"email":', {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toHaveProperty('message');
    const huge = await client.post('/api/auth/magic-link', { email: 'a@b.c', padding: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('message');
  });

  it('limits links per address with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAGIC_LINKS_PER_EMAIL_PER_HOUR; i++) {
      expect((await new TestClient(t.app).post('/api/auth/magic-link', { email }, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode).toBe(200);
    }
    const limited = await new TestClient(t.app).post('/api/auth/magic-link', { email }, { 'x-forwarded-for': '10.0.0.99' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/try again later/);
  });

  it('limits links per IP address with 429', async () => {
    const ip = { 'x-forwarded-for': '192.0.2.77' };
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) {
      status = (await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, ip)).statusCode;
    }
    expect(status).toBe(429);
  });

  it('counts the sign-in links of an IPv6 client by its /64: each of its addresses does not get its own 20', async () => {
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) {
      const from = { 'x-forwarded-for': `2001:db8:5:9:${(i + 1).toString(16)}::${i + 3}` };
      status = (await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, from)).statusCode;
    }
    expect(status).toBe(429);
    const elsewhere = await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, { 'x-forwarded-for': '2001:db8:5:a::1' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps to both limits when the links are asked for all at once', async () => {
    // Thirty at once for one address (from thirty addresses): five mails, as one after the other.
    const email = uniqueEmail();
    const toOne = await Promise.all(Array.from({ length: 30 }, () => new TestClient(t.app).post('/api/auth/magic-link', { email }, { 'x-forwarded-for': randomIp() })));
    expect(toOne.filter((r) => r.statusCode === 200)).toHaveLength(MAGIC_LINKS_PER_EMAIL_PER_HOUR);
    expect(toOne.filter((r) => r.statusCode === 429)).toHaveLength(30 - MAGIC_LINKS_PER_EMAIL_PER_HOUR);
    expect(t.mail.filter((m) => m.to === email)).toHaveLength(MAGIC_LINKS_PER_EMAIL_PER_HOUR);
    // Forty at once from one network, each to an address of its own: twenty.
    const ip = { 'x-forwarded-for': randomIp() };
    const fromOne = await Promise.all(Array.from({ length: 40 }, () => new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, ip)));
    expect(fromOne.filter((r) => r.statusCode === 200)).toHaveLength(MAGIC_LINKS_PER_IP_PER_HOUR);
  });

  it('refuses cross-site requests', async () => {
    const res = await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    const sameOrigin = await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, { origin: 'http://rc.test' });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-magic-link', () => {
  it('attaches an address no account holds to the current guest, keeping the account, and rotates the session', async () => {
    const client = new TestClient(t.app);
    const guest = (await client.get('/api/users/current')).json();
    const guestCookie = client.cookie;
    const email = uniqueEmail();
    await client.post('/api/auth/magic-link', { email });
    const res = await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
    expect(res.statusCode).toBe(200);
    expect(client.cookie).not.toBe(guestCookie);
    const me = (await client.get('/api/users/current')).json();
    expect(me).toMatchObject({ id: guest.id, userId: guest.userId, email });
    // The old session id no longer works.
    const old = new TestClient(t.app);
    old.cookie = guestCookie;
    expect((await old.post('/api/users/mark-welcome-seen')).statusCode).toBe(401);
  });

  it('signs a second browser into the account that owns the address', async () => {
    const email = uniqueEmail();
    const first = new TestClient(t.app);
    await first.get('/api/users/current');
    await first.post('/api/auth/magic-link', { email });
    await first.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
    const owner = (await first.get('/api/users/current')).json();

    const second = new TestClient(t.app);
    const otherGuest = (await second.get('/api/users/current')).json();
    await second.post('/api/auth/magic-link', { email });
    await second.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
    const me = (await second.get('/api/users/current')).json();
    expect(me.id).toBe(owner.id);
    expect(me.id).not.toBe(otherGuest.id);
  });

  it('signs in a browser that has no session yet', async () => {
    const email = uniqueEmail();
    const client = new TestClient(t.app);
    await client.post('/api/auth/magic-link', { email });
    expect((await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json().email).toBe(email);
  });

  it('accepts a token once only', async () => {
    const email = uniqueEmail();
    const client = new TestClient(t.app);
    const token = await linkToken(client, email);
    expect((await client.post('/api/auth/verify-magic-link', { token })).statusCode).toBe(200);
    const reused = await new TestClient(t.app).post('/api/auth/verify-magic-link', { token });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(MAGIC_LINK_INVALID_MESSAGE);
  });

  it('lets exactly one of two concurrent verifications of the same token win', async () => {
    const email = uniqueEmail();
    await new TestClient(t.app).post('/api/auth/magic-link', { email });
    const token = tokenFromMail(t.mail, email);
    // Two other browsers, both confirming "Sign in as ...?" at once.
    const results = await Promise.all([new TestClient(t.app), new TestClient(t.app)].map((c) => c.post('/api/auth/verify-magic-link', { token, confirm: true })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('cancels an older link when a newer one is requested', async () => {
    const email = uniqueEmail();
    const client = new TestClient(t.app);
    const older = await linkToken(client, email);
    const newer = await linkToken(client, email);
    expect((await client.post('/api/auth/verify-magic-link', { token: older })).statusCode).toBe(401);
    expect((await client.post('/api/auth/verify-magic-link', { token: newer })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    await new TestClient(t.app).post('/api/auth/magic-link', { email });
    const token = tokenFromMail(t.mail, email);
    await t.app.ctx.db.updateTable('magic_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', email).execute();
    const res = await new TestClient(t.app).post('/api/auth/verify-magic-link', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MAGIC_LINK_INVALID_MESSAGE);
  });

  it.each([[{}], [{ token: '' }], [{ token: 'short' }], [{ token: 'x'.repeat(43) + '!' }], [{ token: 123 }]])('refuses a token of the wrong shape %j with 400', async (body) => {
    const res = await new TestClient(t.app).post('/api/auth/verify-magic-link', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses an unknown token of the right shape with the spec message', async () => {
    const res = await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: 'A'.repeat(43) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MAGIC_LINK_INVALID_MESSAGE);
  });

  it('stores neither tokens nor session ids in plain text', async () => {
    const email = uniqueEmail();
    const client = new TestClient(t.app);
    const token = await linkToken(client, email);
    await client.post('/api/auth/verify-magic-link', { token });
    const sessionId = client.cookie!.split('=')[1]!;
    const links = await t.app.ctx.db.selectFrom('magic_links').select('token_hash').execute();
    const sessions = await t.app.ctx.db.selectFrom('sessions').select('id_hash').execute();
    expect(links.some((l) => l.token_hash === token)).toBe(false);
    expect(sessions.some((s) => s.id_hash === sessionId)).toBe(false);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/users/current');
    const cookie = client.cookie;
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const replay = new TestClient(t.app);
    replay.cookie = cookie;
    expect((await replay.post('/api/users/mark-welcome-seen')).statusCode).toBe(401);
  });
});
