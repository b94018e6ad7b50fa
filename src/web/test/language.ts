import { i18n } from '../lib/i18n/i18n';

/** Back to the English every component test starts in (setup.ts), after a test chose another language. */
export function resetTestLanguage(): void {
  i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });
  const html = document.documentElement;
  html.lang = 'en';
  delete html.dataset.locale;
  document.cookie = 'rc_lang=; Path=/; Max-Age=0';
}
