import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Trans } from '@lingui/react/macro';
import { buildCurrentUser, json, mockApi, mockCurrentUser, renderWithApp, TEST_APP_CONFIG } from '../../test/utils';
import { resetToasts } from '../ui/toast-store';
import { i18n } from '../../lib/i18n/i18n';
import { resetTestLanguage } from '../../test/language';
import { LanguageSelect, RiderLanguage } from './language-select';

afterEach(() => {
  cleanup();
  resetToasts();
  resetTestLanguage();
});

const languageOptions = () => within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option').map((option) => option.textContent);

/** A screen with a text the pseudo-language's committed catalog has ("Try again", components/ui/list-states.tsx). */
function Screen({ user }: { user: ReturnType<typeof buildCurrentUser> }) {
  return (
    <>
      <h1>
        <Trans>Try again</Trans>
      </h1>
      <LanguageSelect user={user} />
    </>
  );
}

describe('LanguageSelect', () => {
  it('lists every language in its own name, switches the app at once without a reload, and saves the choice', async () => {
    const user = buildCurrentUser({ id: 'u1', language: 'en' });
    const requests = mockCurrentUser(user);
    renderWithApp(<Screen user={user} />);

    expect(languageOptions()).toEqual(['English', 'Italiano', 'Deutsch', 'Français', 'Español', 'Nederlands', 'Português (Brasil)', 'Polski']);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en');
    const heading = screen.getByRole('heading');

    fireEvent.change(select, { target: { value: 'it' } });
    await waitFor(() => expect(i18n.locale).toBe('it'));
    expect(document.documentElement.lang).toBe('it');
    expect(document.documentElement.dataset.locale).toBe('it');
    expect(document.cookie).toContain('rc_lang=it');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ language: 'it' }]));
    // The same page, still mounted (no reload), now in Italian.
    expect(heading.isConnected).toBe(true);
    await waitFor(() => expect(heading.textContent).toBe('Riprova'));
    expect((screen.getByRole('combobox', { name: 'Lingua' }) as HTMLSelectElement).value).toBe('it');
  });

  it('offers the pseudo-language where the installation does, switches every text to it at once and never saves it', async () => {
    const user = buildCurrentUser({ id: 'u1', language: 'it' });
    const requests = mockApi({ 'GET /api/app-config': () => json({ ...TEST_APP_CONFIG, pseudoLocale: true }), 'GET /api/users/current': () => json(user) });
    renderWithApp(<Screen user={user} />);
    expect(screen.getByRole('heading').textContent).toBe('Try again');

    await waitFor(() => expect(languageOptions()).toContain('Pseudo-language (en-XA)'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'en-XA' } });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('[~Ţŕŷ àĝàĩń~]'));
    expect(document.documentElement.lang).toBe('en-XA');
    expect(document.cookie).toContain('rc_lang=en-XA');
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('does not offer the pseudo-language where the installation does not (production)', async () => {
    const requests = mockApi({});
    renderWithApp(<LanguageSelect user={buildCurrentUser()} />);
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/app-config'))).toBe(true));
    expect(languageOptions()).not.toContain('Pseudo-language (en-XA)');
    expect(languageOptions()).toHaveLength(8);
  });
});

describe('RiderLanguage', () => {
  it("switches the app to the rider's saved language once they are known, but leaves the pseudo-language alone", async () => {
    mockApi({});
    const { rerender } = renderWithApp(<RiderLanguage user={buildCurrentUser({ id: 'u1', language: 'de' })} />);
    await waitFor(() => expect(i18n.locale).toBe('de'));
    expect(document.documentElement.lang).toBe('de');

    i18n.loadAndActivate({ locale: 'en-XA', locales: ['en-US'], messages: {} });
    rerender(<RiderLanguage user={buildCurrentUser({ id: 'u1', language: 'fr' })} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.locale).toBe('en-XA');
  });
});
