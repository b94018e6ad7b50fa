import { describe, expect, it } from 'vitest';
import { TestClient, tokenFromMail, uniqueEmail } from '../test/test-app';
import { useTestApp } from '../test/use-test-app';

// Issue 31 point 5: a new account starts in its browser's language (the language preference), so
// its pages, mails and pushes are in it from the first; a rider can change it in Preferences.

const t = useTestApp();

async function newGuest(headers: Record<string, string>) {
  const client = new TestClient(t.app);
  const user = (await client.request('GET', '/api/users/current', undefined, headers)).json();
  return { client, user };
}

describe('the language of a new account', () => {
  it("is the first of the browser's Accept-Language languages that RoadCaptain speaks, for a guest", async () => {
    expect((await newGuest({ 'accept-language': 'it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7' })).user.language).toBe('it');
    expect((await newGuest({ 'accept-language': 'ja, de-AT;q=0.8, en;q=0.5' })).user.language).toBe('de');
    expect((await newGuest({ 'accept-language': 'pt-PT' })).user.language).toBe('pt-BR');
    expect((await newGuest({ 'accept-language': 'en;q=0.4, pl;q=0.9' })).user.language).toBe('pl');
  });

  it('is English without a header, for a language RoadCaptain does not speak, and for the pseudo-language', async () => {
    expect((await newGuest({})).user.language).toBe('en');
    expect((await newGuest({ 'accept-language': 'ja-JP,ja;q=0.9' })).user.language).toBe('en');
    expect((await newGuest({ 'accept-language': 'en-XA' })).user.language).toBe('en');
  });

  it('is the language this browser chose before (its cookie), ahead of Accept-Language', async () => {
    expect((await newGuest({ 'accept-language': 'it-IT', cookie: 'rc_lang=fr' })).user.language).toBe('fr');
    // A cookie naming no language, or the pseudo-language, is not a rider's choice.
    expect((await newGuest({ 'accept-language': 'it-IT', cookie: 'rc_lang=xx' })).user.language).toBe('it');
    expect((await newGuest({ 'accept-language': 'it-IT', cookie: 'rc_lang=en-XA' })).user.language).toBe('it');
  });

  it('stays what the account has once it exists: a later visit in another language changes nothing', async () => {
    const { client, user } = await newGuest({ 'accept-language': 'nl' });
    expect(user.language).toBe('nl');
    const later = (await client.request('GET', '/api/users/current', undefined, { 'accept-language': 'es' })).json();
    expect(later).toMatchObject({ id: user.id, language: 'nl' });
  });

  it('is the browser\'s language for an account a sign-in link makes, and a choice in Preferences replaces it', async () => {
    const client = new TestClient(t.app);
    const email = uniqueEmail();
    await client.post('/api/auth/magic-link', { email });
    const signedIn = await client.request('POST', '/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) }, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(signedIn.statusCode).toBe(200);
    const me = (await client.get('/api/users/current')).json();
    expect(me).toMatchObject({ email, language: 'es' });

    const changed = await client.patch(`/api/users/${me.id}`, { language: 'de' });
    expect(changed.statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json().language).toBe('de');
  });
});
