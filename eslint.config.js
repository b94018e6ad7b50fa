// @ts-check
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

import { readdirSync } from 'node:fs';

const foldersOf = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const webFeatures = foldersOf('./src/web/features');
/** Server folders every domain may use: the HTTP and storage platform, the database, write limits, test support. */
const serverInfrastructure = ['platform', 'db', 'limits', 'test'];
const serverDomains = foldersOf('./src/server').filter((folder) => !serverInfrastructure.includes(folder));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The web app follows the Rules of React (what the React Compiler relies on) and is usable by keyboard and
  // screen reader; both are checked, not remembered.
  { files: ['src/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // Our design-system fields are labels and controls too, so the rule checks them like <label> and <input>.
      'jsx-a11y/label-has-associated-control': [
        'error',
        { labelComponents: ['Label'], controlComponents: ['Input', 'EmailInput', 'Textarea', 'RadioGroup.Item', 'Checkbox', 'Switch'], depth: 3 },
      ],
      // ARIA prohibits naming the generic and paragraph roles: screen readers ignore aria-label on a
      // plain div, span or p (axe: aria-prohibited-attr). A named box needs a role (LoadingRegion for placeholders).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(div|span|p|b|i|strong|em|small)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'A div, span or p without a role cannot be named: give it a role (or use LoadingRegion), or put the words in the text.',
        },
        // A read that fails again after it once answered (back online, a server error) keeps what it
        // showed: an error screen in its place would take an open dialog and a half-filled form with it.
        {
          selector: "MemberExpression[property.name='isError']",
          message: "Use isLoadingError: a read that answered once keeps showing that answer when reading it again fails (an error screen would drop an open form). A mutation: compare its status with 'error'.",
        },
      ],
    },
  },
  // src/shared is isomorphic: it imports nothing from the server or the web app.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'fastify*', 'kysely', 'react*'], message: 'src/shared must stay isomorphic.' }] }],
    },
  },
  // The server never imports the web app, and the web app never imports the server.
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server does not import the web app.' }] }] } },
  { files: ['src/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' }] }] } },
  // One-way zones in the web app: features/ may use everything below them but not each other;
  // components/ and lib/ are shared, so they never reach up into a feature or the app shell; api/ (one
  // client function per endpoint) stands on lib/ and src/shared only.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'Shared UI and helpers do not import features or the app shell; pass what they need in.',
            },
            {
              target: './src/web/api',
              from: './src/web',
              except: ['./api', './lib'],
              message: 'Client API calls use lib/ and src/shared only.',
            },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; move shared code to components/, lib/, api/ or app/.',
            })),
          ],
        },
      ],
    },
  },
  // A service reaches into another domain only through that domain's repository, service or policy (its
  // public face); presenters, mails and helpers stay private to their folder.
  {
    files: ['src/server/**/*.service.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverDomains.map((domain) => ({
            target: `./src/server/${domain}/**/*.service.ts`,
            from: './src/server/**',
            except: [
              `**/src/server/${domain}/**`,
              ...serverInfrastructure.map((folder) => `**/src/server/${folder}/**`),
              '**/src/server/*.ts',
              '**/*.repository.ts',
              '**/*.service.ts',
              '**/*.policy.ts',
              // Receiving, sniffing and re-encoding uploads is one pipeline, kept in media, that the bug
              // reports' screenshots use too (it belongs in platform/ once media's split has landed).
              '**/src/server/media/media.{upload,sniff,images}.ts',
            ],
            message: "Import another domain through its repository, service or policy, not its internals.",
          })),
        },
      ],
    },
  },
);
