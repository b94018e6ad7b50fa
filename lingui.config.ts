import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/*
 * Messages are extracted from the code (`npm run i18n:extract`) into one gettext catalog per
 * language, src/locales/<code>/messages.po, which Weblate, Crowdin and Poedit read. The source
 * message is the msgid, so a translator sees the English text. The pseudo-language's catalog is
 * written from the English one by scripts/i18n-pseudo.ts. docs/decisions/2026-11-27-i18n.md.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'de', 'fr', 'es', 'nl', 'pt-BR', 'pl', 'en-XA'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web', '<rootDir>/src/shared', '<rootDir>/src/server'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
