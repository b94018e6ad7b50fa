import { megabytes } from '../media/limits';
import { dayLabelIn } from '../rides/ride-time';

/*
 * A refusal's parameters are data, not words (issue 31 point 7): a size is sent in bytes
 * (`limitBytes`), a calendar day as ISO ("dayIso": "2026-03-29"). The values its message is written
 * from are those parameters with each such one in the reader's words under the name without its
 * suffix (`limit`: "1,000" in English, "1.000" in Italian; `day`: "Mar 29, 2026", "29 mar 2026"):
 * the server writes its English `message` from them, the web the rider's language
 * (`describeApiError`). Free of zod: the web's first load reads it.
 */

type Values = Record<string, string | number>;

/** The values of a refusal's message in `locale` (a language, or a language with its region: "it-CH"). */
export function errorMessageValues(params: Readonly<Values> | undefined, locale: string): Values | undefined {
  if (!params) return undefined;
  const values: Values = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Bytes') && typeof value === 'number') values[name.slice(0, -'Bytes'.length)] = megabytes(value, locale);
    if (name.endsWith('Iso') && typeof value === 'string') values[name.slice(0, -'Iso'.length)] = dayLabelIn(value, locale);
  }
  return values;
}
