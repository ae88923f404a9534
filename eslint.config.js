// Lint, including the architecture's dependency rule: a boundary crossed fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const NODE_BUILTINS = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises', 'http',
  'http2', 'https', 'net', 'os', 'path', 'perf_hooks', 'process', 'readline', 'stream', 'tls', 'url', 'util', 'v8',
  'vm', 'worker_threads', 'zlib',
];
const FRAMEWORKS_AND_IO = [
  'koa', '@koa/*', 'koa-*', 'knex', 'knex-*', 'objection', 'pg', '@electric-sql/*', 'inversify', 'react', 'react-*',
  'react-dom', 'react-admin', 'ra-*', 'nodemailer', 'pino', 'vite', '@node-rs/*', 'commander', 'i18next',
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The dependency rule (STYLE.md "Boundaries"): core is pure; the apps never reach into adapters.
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters', '**/adapters/**', '**/web/**', '**/admin/**', '**/cli/**', '**/migrations/**', '**/seeds/**'], message: 'core/ não importa adapters/, web/, admin/, cli/, migrations/ nem seeds/: use uma porta (core/ports).' },
            { group: ['node:*', ...NODE_BUILTINS], message: 'core/ não faz I/O nem usa módulos do Node: declare uma porta em core/ports.' },
            { group: FRAMEWORKS_AND_IO, message: 'core/ não depende de frameworks nem de bibliotecas de I/O.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'core/ não lê o ambiente: receba a configuração por parâmetro.' }, { name: 'fetch', message: 'core/ não faz I/O: use uma porta.' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts', 'admin/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters', '**/adapters/**', '**/cli/**', '**/migrations/**', '**/seeds/**'], message: 'web/ e admin/ falam com o servidor só pela API HTTP; não importam adapters/.' },
            { group: ['node:*', 'knex', 'objection', 'pg', 'koa', '@koa/*'], message: 'código de navegador não usa módulos de servidor.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters', '**/adapters/**', '**/cli/**', '**/migrations/**', '**/seeds/**', '**/admin/**'], message: 'web/ não importa adapters/ nem o admin (pacotes separados).' },
            { group: ['react-admin', 'ra-*', '@mui/*'], message: 'react-admin fica fora do app do cliente (bundle separado).' },
            { group: ['node:*', 'knex', 'objection', 'pg', 'koa', '@koa/*'], message: 'código de navegador não usa módulos de servidor.' },
          ],
        },
      ],
    },
  },
);
