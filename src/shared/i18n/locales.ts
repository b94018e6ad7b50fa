/*
 * The languages RoadCaptain speaks (issue 31), one line each: the catalog in src/locales/<code>/,
 * and the language's own name for the picker. Adding a language is one catalog and one line here
 * (README "Add a language"). English is the source: its texts are the spec's, word for word.
 *
 * No zod here: the browser imports this module on every screen.
 */
export const LOCALES = {
  en: 'English',
  it: 'Italiano',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
  'pt-BR': 'Português (Brasil)',
  pl: 'Polski',
} as const;

export type ShippedLocale = keyof typeof LOCALES;

/**
 * The pseudo-language: every text accented, about 35% longer and in brackets, so that a text left in
 * English, or cut off, shows on a screen. Offered in development and in tests, never to riders.
 */
export const PSEUDO_LOCALE = 'en-XA';

export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

export const SOURCE_LOCALE: ShippedLocale = 'en';

export const SHIPPED_LOCALES = Object.keys(LOCALES) as ShippedLocale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (value === PSEUDO_LOCALE || Object.hasOwn(LOCALES, value));
}

/**
 * The first of the rider's languages (navigator.languages, or an Accept-Language header read in
 * order) that RoadCaptain speaks: an exact match ("pt-BR"), else the language alone ("de-AT" is
 * German, "pt-PT" is Brazilian Portuguese rather than English), else English.
 */
export function pickLocale(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const exact = SHIPPED_LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    if (tag.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
    const language = tag.split('-')[0]?.toLowerCase();
    const sameLanguage = SHIPPED_LOCALES.find((locale) => locale.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return SOURCE_LOCALE;
}

/** The languages of an Accept-Language header, most wanted first ("it-IT,it;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/** Languages written right to left; none is shipped yet, but the layout is ready for them (issue 31 point 9). */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return /^(ar|he|fa|ur)(-|$)/i.test(locale) ? 'rtl' : 'ltr';
}

/**
 * The locale dates, numbers and weekdays are formatted in: the rider's language with the region of
 * their browser, so English on a British browser writes "27/11/2026" and starts weeks on Monday
 * while English on an American one does not (issue 31 point 6). The region comes from the first
 * browser language that names one; without one, the language alone.
 */
export function formattingLocale(language: Locale, browserLanguages: readonly string[]): string {
  const base = language === PSEUDO_LOCALE ? SOURCE_LOCALE : language;
  const [, ownRegion] = base.split('-');
  if (ownRegion) return base;
  for (const tag of browserLanguages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region) return new Intl.Locale(base, { region }).toString();
    } catch {
      // Not a language tag (a browser may report anything): the next one.
    }
  }
  return base;
}
