import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const web = './apps/web/src';
const server = './apps/server/src';

/**
 * Which code may import which (docs/decisions/012-import-boundaries.md). In the web app, shared
 * code (`components/`, `lib/`) imports no feature and not the app; a feature imports shared code
 * only, never another feature or the app; the app composes features. On the server, a module's
 * repository is used by its own module and by the composition root (`app.ts`) only.
 */
/** Props whose text people read or hear: with JSX text, they come from the catalogues. */
const userFacingProps = [
  'label',
  'title',
  'subtitle',
  'description',
  'placeholder',
  'helperText',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'submitLabel',
  'tooltip',
  'message',
  'emptyText',
  'noOptionsText',
  'loadingText',
];

const boundaries = [
  { target: `${web}/components`, from: [`${web}/features`, `${web}/app`] },
  { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`] },
  ...folders('apps/web/src/features').map((feature) => ({
    target: `${web}/features/${feature}`,
    from: [`${web}/features`, `${web}/app`],
    except: [`./${feature}`],
  })),
  ...folders('apps/server/src/modules').map((module, _index, modules) => ({
    target: [
      ...modules.filter((other) => other !== module).map((other) => `${server}/modules/${other}`),
      `${server}/lib`,
      `${server}/jobs/!(handlers).ts`,
      `${server}/plugins`,
    ],
    from: `${server}/modules/${module}/*.repository.ts`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Loading the insights schemas builds them all (a tenth of a second on a phone, in the task
      // that draws the insights panel); the web app needs their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@laurel/contract/insights',
              message:
                'Take the rules from @laurel/contract/insights-rules; import types only here.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/scripts/**', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Migrations are typed Kysely<any>: they are frozen in time and must not depend on today's schema.
    files: ['**/migrations/**', '**/db/migrations.ts', '**/migrations.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // SQL lives in repositories (docs/ARCHITECTURE.md, "where to change what"): elsewhere on the
    // server, Kysely is a type (`Kysely<Database>` passed to a repository, a transaction begun).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      // The database itself: connection, migrations (frozen, typed Kysely<any>), paging, search.
      'apps/server/src/db/**',
      // The job queue: every module enqueues in its own transaction, and the worker claims and
      // leases rows with dialect-specific SQL (FOR UPDATE SKIP LOCKED; decision 014).
      'apps/server/src/jobs/queue.ts',
      'apps/server/src/jobs/queue-stats.ts',
      // The webhook outbox's one writer, like enqueueJob: other modules call it in the transaction
      // of their change, and may not import the webhooks module's repository.
      'apps/server/src/modules/webhooks/webhook-outbox.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: "Write SQL in the module's *.repository.ts; import Kysely types only here.",
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: "Queries belong in the module's *.repository.ts.",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No user-facing literal escapes the catalogues (docs/i18n.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', `{${userFacingProps.join(',')}}`]] } },
      ],
    },
  },
);
