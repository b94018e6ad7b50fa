import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../shared/users/current-user';
import { LOCALES, PSEUDO_LOCALE, SHIPPED_LOCALES, isLocale, type Locale } from '../../../shared/i18n/locales';
import { activateLocale, i18n as appI18n } from '../../lib/i18n/i18n';
import { NativeSelect } from '../ui/select';
import { toast } from '../ui/toast';
import { appConfigQueryOptions } from '../../api/app-config';
import { profileUpdateErrorText, useUpdateProfile } from '../../api/users';

/*
 * The rider's language (issue 31 point 5): a choice switches the whole app at once, without a
 * reload, and is saved as the `language` preference (the rider's mails and pushes follow it), for
 * guests too. The pseudo-language is a developer's tool: offered only where the installation says so
 * (PSEUDO_LOCALE, GET /api/app-config), kept by this browser's cookie alone and never saved.
 */

/** The pseudo-language's name in the list: not a language riders read, so not translated. */
const PSEUDO_NAME = 'Pseudo-language (en-XA)';

/**
 * "Language", with every language RoadCaptain speaks in its own name; made to sit in a settings card
 * or the welcome dialog. `offerPseudo={false}` (the welcome) leaves the pseudo-language to Preferences.
 */
export function LanguageSelect({ user, offerPseudo = true }: { user: CurrentUser; offerPseudo?: boolean }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const update = useUpdateProfile(user.id);
  const { data: offersPseudo } = useQuery({ ...appConfigQueryOptions(), select: (config) => config.pseudoLocale === true, enabled: offerPseudo });
  const active = isLocale(i18n.locale) ? i18n.locale : user.language;
  const offered: Array<[Locale, string]> = SHIPPED_LOCALES.map((locale) => [locale, LOCALES[locale]]);
  if (offersPseudo || active === PSEUDO_LOCALE) offered.push([PSEUDO_LOCALE, PSEUDO_NAME]);

  async function choose(locale: Locale) {
    try {
      await activateLocale(locale);
    } catch (error) {
      // The catalog's chunk did not load (offline, a new build meanwhile): nothing changed.
      console.error(`Loading the ${locale} catalog failed`, error);
      toast({ title: t`Update failed`, description: t`Couldn't load that language. Check your connection and try again.`, variant: 'destructive' });
      return;
    }
    if (locale === PSEUDO_LOCALE) return;
    update.mutate(
      { language: locale },
      {
        onError: (error) => {
          toast({ title: t`Update failed`, description: profileUpdateErrorText(error), variant: 'destructive' });
          void activateLocale(user.language);
        },
      },
    );
  }

  return (
    <div>
      <label htmlFor={`${id}-language`} className="mb-1 block text-sm font-semibold text-asphalt-800">
        <Trans>Language</Trans>
      </label>
      <p id={`${id}-language-hint`} className="mb-2 text-xs text-asphalt-500">
        <Trans>The language of the app, and of your e-mails and notifications.</Trans>
      </p>
      <NativeSelect id={`${id}-language`} aria-describedby={`${id}-language-hint`} value={active} onChange={(event) => void choose(event.target.value as Locale)}>
        {offered.map(([locale, name]) => (
          <option key={locale} value={locale} lang={locale}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The app in the rider's saved language once they are known: a rider signing in on a new phone, or
 * whose language was changed on another device, gets theirs (the page started in the browser's).
 * The pseudo-language, never saved, is left alone.
 */
export function RiderLanguage({ user }: { user: CurrentUser }) {
  useEffect(() => {
    if (appI18n.locale === PSEUDO_LOCALE || appI18n.locale === user.language) return;
    activateLocale(user.language).catch((error: unknown) => console.error(`Loading the ${user.language} catalog failed`, error));
  }, [user.language]);
  return null;
}
