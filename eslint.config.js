// @ts-check
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = ['auth', 'notifications', 'onboarding', 'users', 'groups', 'rides', 'polls', 'media', 'finder', 'dashboard', 'invites', 'bug-reports', 'profile', 'preferences'];

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
  // Web features do not import each other: what two features share lives in components/, lib/ or app/.
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
            {
              group: features.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message: 'Features do not import each other; move shared code to components/, lib/ or app/.',
            },
          ],
        },
      ],
    },
  })),
);
