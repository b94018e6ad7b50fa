import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, type Token } from '@messageformat/parser';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, SOURCE_LOCALE } from '../../shared/i18n/locales';

/*
 * Every shipped catalog is complete and keeps every message's placeholders (issue 31 point 4): a
 * missing message, a dropped or renamed {placeholder} or <0>tag</0>, or a message that does not
 * compile fails here. `npm run i18n:extract` keeps the catalogs in step with the code (CI checks
 * that it changes nothing).
 */

const po = formatter({ lineNumbers: false });

async function readCatalog(locale: string) {
  const file = new URL(`../../locales/${locale}/messages.po`, import.meta.url);
  const catalog = await po.parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file.pathname });
  if (!catalog) throw new Error(`${locale}: unreadable catalog`);
  return catalog;
}

/** The placeholders, plural and select arguments and Lingui tags a message uses, sorted. */
function placeholders(message: string): string[] {
  const names: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') names.push(...(token.value.match(/<\/?\d+\/?>/g) ?? []));
      else if (token.type === 'argument' || token.type === 'function') names.push(`{${token.arg}}`);
      else if (token.type !== 'octothorpe') {
        names.push(`{${token.arg}, ${token.type}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...new Set(names)].sort();
}

describe('the language catalogs', async () => {
  const source = await readCatalog(SOURCE_LOCALE);
  const ids = Object.keys(source).filter((id) => !source[id]?.obsolete);

  it('has messages extracted from the code', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  for (const locale of [...SHIPPED_LOCALES.filter((l) => l !== SOURCE_LOCALE), PSEUDO_LOCALE]) {
    it(`${locale} translates every message, keeping its placeholders, and compiles`, async () => {
      const catalog = await readCatalog(locale);
      const problems: string[] = [];
      for (const id of ids) {
        // A message with an explicit id (`notifications.ride_cancelled.message`) keeps its English as the source catalog's translation.
        const english = source[id]?.translation || source[id]?.message || id;
        const translation = catalog[id]?.translation;
        if (!translation) {
          problems.push(`missing: ${JSON.stringify(english)}`);
          continue;
        }
        try {
          compileMessage(translation);
          const want = placeholders(english);
          const got = placeholders(translation);
          if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`placeholders of ${JSON.stringify(english)}: ${got.join(' ')} instead of ${want.join(' ')}`);
        } catch (error) {
          problems.push(`does not compile: ${JSON.stringify(translation)} (${String(error)})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
