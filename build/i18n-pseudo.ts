import fs from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { formatter } from '@lingui/format-po';
import pseudolocale from 'pseudolocale';
import { PSEUDO_LOCALE } from '../src/shared/i18n/locales';

/*
 * Writes the pseudo-language's catalog from the English one (issue 31 point 8): every text's
 * letters accented, about 35% longer, and the whole message in brackets, so that a text left in
 * English (no brackets) or cut off (no closing bracket) shows on a screen. Placeholders, plural
 * and select forms and Lingui's <0>tags</0> are kept as they are. Run by `npm run i18n:extract`.
 */

const TAG = /(<\/?\d+\/?>)/g;

function pseudoText(text: string): string {
  return text
    .split(TAG)
    .map((part) => (TAG.test(part) || part.trim() === '' ? part : pseudolocale(part, { prepend: '', append: '', extend: 0.35, extendCharacter: '~' })))
    .join('');
}

function printTokens(tokens: Token[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return pseudoText(token.value).replace(/[{}]/g, "'$&'");
        case 'argument':
          return `{${token.arg}}`;
        case 'function':
          return `{${token.arg}, ${token.key}${token.param ? `, ${token.param.map((p) => ('value' in p ? p.value : '')).join('')}` : ''}}`;
        case 'octothorpe':
          return '#';
        default: {
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases.map((c) => `${c.key} {${printTokens(c.tokens)}}`).join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

export function pseudoMessage(message: string): string {
  return `[${printTokens(parse(message))}]`;
}

async function main() {
  const po = formatter({ lineNumbers: false });
  const file = new URL(`../src/locales/${PSEUDO_LOCALE}/messages.po`, import.meta.url);
  const context = { locale: PSEUDO_LOCALE, sourceLocale: 'en', filename: file.pathname };
  const extracted = fs.readFileSync(file, 'utf8');
  const catalog = await po.parse(extracted, context);
  const englishFile = new URL('../src/locales/en/messages.po', import.meta.url);
  const english = await po.parse(fs.readFileSync(englishFile, 'utf8'), { ...context, locale: 'en', filename: englishFile.pathname });
  if (!catalog || !english) throw new Error('The pseudo or the English catalog could not be read');
  // A message with an explicit id (`notifications.ride_cancelled.message`) has its English as the English catalog's translation.
  for (const [id, entry] of Object.entries(catalog)) entry.translation = pseudoMessage(english[id]?.translation || entry.message || '');
  // The extracted file's header (its creation date) is kept, so extracting twice changes nothing.
  fs.writeFileSync(file, await po.serialize(catalog, { ...context, existing: extracted }));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
