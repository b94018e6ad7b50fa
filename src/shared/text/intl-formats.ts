/**
 * Intl formatters, built once per language and options. Building one (ICU loads the language's
 * patterns, and a zone's rules) costs far more than formatting with it: a ride page formats a
 * distance, a day and a time in every card and stop, and built a formatter each time (about 100 ms
 * of a phone's first render, measured with 4x CPU throttling). Formatters hold no state between
 * calls, so sharing them is safe; the options are few and fixed in the code, so the cache stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
