// Lint, including the architecture's dependency rule: a boundary crossed fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';

const dirsOf = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
/** core/'s modules: every folder but the shared kernel, the shared ports and the cross-module flows. */
const CORE_MODULES = dirsOf('./core/').filter((d) => !['shared', 'ports', 'flows'].includes(d));
const WEB_FEATURES = dirsOf('./web/features/');

const NODE_BUILTINS = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises', 'http',
  'http2', 'https', 'net', 'os', 'path', 'perf_hooks', 'process', 'readline', 'stream', 'tls', 'url', 'util', 'v8',
  'vm', 'worker_threads', 'zlib',
];
const FRAMEWORKS_AND_IO = [
  'koa', '@koa/*', 'koa-*', 'knex', 'knex-*', 'objection', 'pg', '@electric-sql/*', 'inversify', 'react', 'react-*',
  'react-dom', 'react-admin', 'ra-*', 'nodemailer', 'pino', 'vite', '@node-rs/*', 'commander', 'i18next',
];

/**
 * The browsers call the API only through the client typed from GET /api/openapi.json (web/lib/api-client.ts with
 * call(), admin/lib/api.ts), so a changed answer fails typecheck: no hand-typed `api.get<T>(…)` and no bare fetch.
 */
const UNTYPED_API_CALLS = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|post|put|patch|delete)$/][typeArguments]",
    message: 'chamada de API com tipo escrito à mão: use apiClient.GET/POST… (tipado pelo /api/openapi.json) com call().',
  },
  {
    selector: "CallExpression[callee.name=/^(fetch|httpClient|apiRequest)$/]",
    message: 'chamada de API sem tipo: use o cliente tipado (web/lib/api-client.ts ou admin/lib/api.ts).',
  },
];
/** Below the typed client: the admin's own client and react-admin's auth and data providers speak HTTP directly. */
const RAW_HTTP_FILES = ['admin/lib/api.ts', 'admin/providers/**'];

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
  // The dependency rule (docs/architecture.md): core is pure; the apps never reach into adapters.
  ...coreBoundaries(),
  // No import cycles inside the core (modules, flows, ports and shared kernel).
  {
    files: ['core/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
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
  ...webBoundaries(),
  { files: ['admin/**/*.{ts,tsx}'], ignores: ['admin/vite.config.ts'], rules: { 'no-restricted-syntax': ['error', ...UNTYPED_API_CALLS] } },
  { files: RAW_HTTP_FILES, rules: { 'no-restricted-syntax': 'off' } },
);

function coreRule(extraPatterns) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/adapters', '**/adapters/**', '**/web/**', '**/admin/**', '**/cli/**', '**/migrations/**', '**/seeds/**'], message: 'core/ não importa adapters/, web/, admin/, cli/, migrations/ nem seeds/: use uma porta (core/ports).' },
          { group: ['node:*', ...NODE_BUILTINS], message: 'core/ não faz I/O nem usa módulos do Node: declare uma porta em core/ports.' },
          { group: FRAMEWORKS_AND_IO, message: 'core/ não depende de frameworks nem de bibliotecas de I/O.' },
          ...extraPatterns,
        ],
      },
    ],
    'no-restricted-globals': ['error', { name: 'process', message: 'core/ não lê o ambiente: receba a configuração por parâmetro.' }, { name: 'fetch', message: 'core/ não faz I/O: use uma porta.' }],
    // Codes worth money (vouchers, invites) must not be predictable: core/shared/random.ts draws from Web Crypto.
    'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'core/ não usa Math.random (previsível): use secureRandom de core/shared/random.ts.' }],
  };
}

/**
 * A module is reached through its index.ts, or its ports.ts for the types of its tables and its unit of work scope (a
 * leaf, so naming a scope draws no import cycle); modules never depend on flows; the shared kernel depends on no module.
 */
function coreBoundaries() {
  const internalsOf = (m, { ports = true } = {}) => ({
    group: [`../${m}/*`, `../../${m}/*`, ...(ports ? [`!../${m}/ports`] : [])],
    message: `importe o módulo ${m} pelo seu index.ts ('../${m}') ou ports.ts, nunca outro arquivo de dentro dele.`,
  });
  const noFlows = { group: ['../flows', '../flows/*', '../../flows', '../../flows/*'], message: 'um módulo não depende de flows: o flow é que usa os módulos.' };
  return [
    { files: ['core/**/*.ts'], rules: coreRule([]) },
    ...CORE_MODULES.map((m) => ({
      files: [`core/${m}/**/*.ts`],
      rules: coreRule([...CORE_MODULES.filter((o) => o !== m).map((o) => internalsOf(o)), noFlows]),
    })),
    { files: ['core/flows/**/*.ts'], rules: coreRule(CORE_MODULES.map((m) => internalsOf(m))) },
    // The shared ports know no module at all.
    { files: ['core/ports/**/*.ts'], rules: coreRule(CORE_MODULES.map((m) => internalsOf(m, { ports: false }))) },
    {
      files: ['core/shared/**/*.ts'],
      rules: coreRule([{ group: [...CORE_MODULES, 'flows', 'ports'].flatMap((m) => [`../${m}`, `../${m}/*`]), message: 'core/shared é o núcleo comum: não depende de módulos.' }]),
    },
  ];
}

/** A web feature never imports another feature: what two features share goes to web/components or web/lib. */
function webBoundaries() {
  const base = [
    { group: ['**/adapters', '**/adapters/**', '**/cli/**', '**/migrations/**', '**/seeds/**', '**/admin/**'], message: 'web/ não importa adapters/ nem o admin (pacotes separados).' },
    { group: ['react-admin', 'ra-*', '@mui/*'], message: 'react-admin fica fora do app do cliente (bundle separado).' },
    { group: ['node:*', 'knex', 'objection', 'pg', 'koa', '@koa/*'], message: 'código de navegador não usa módulos de servidor.' },
  ];
  const rule = (extra) => ({ 'no-restricted-imports': ['error', { patterns: [...base, ...extra] }] });
  // no-restricted-imports does not see import('…'): the same crossings, made lazily, are caught by their syntax
  // (esquery's regex cannot hold a slash, hence \x2F).
  const lazyRule = (source, message) => ({
    'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${source}/]`, message }, ...UNTYPED_API_CALLS],
  });
  const featureIn = (names) => `(^(\\.\\.\\x2F){1,2}|features\\x2F)(${names.join('|')})(\\x2F|$)`;
  return [
    { files: ['web/**/*.{ts,tsx}'], ignores: ['web/vite.config.ts'], rules: { ...rule([]), 'no-restricted-syntax': ['error', ...UNTYPED_API_CALLS] } },
    // Shared code sits below the features: web/components and web/lib never import a feature (web/app composes them).
    {
      files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}', 'web/i18n/**/*.{ts,tsx}'],
      rules: {
        ...rule([{ group: ['**/features', '**/features/**'], message: 'web/components e web/lib não importam features: o que é comum fica aqui, e quem compõe features é web/app.' }]),
        ...lazyRule('(^|\\x2F)features(\\x2F|$)', 'web/components e web/lib não importam features: o que é comum fica aqui, e quem compõe features é web/app.'),
      },
    },
    ...WEB_FEATURES.map((f) => ({
      files: [`web/features/${f}/**/*.{ts,tsx}`],
      rules: {
        ...rule(
          WEB_FEATURES.filter((o) => o !== f).map((o) => ({
            group: [`../${o}`, `../${o}/**`, `../../${o}`, `../../${o}/**`, `**/features/${o}`, `**/features/${o}/**`],
            message: `uma feature não importa outra (${o}): mova o que é comum para web/components ou web/lib.`,
          })),
        ),
        ...lazyRule(featureIn(WEB_FEATURES.filter((o) => o !== f)), 'uma feature não importa outra: mova o que é comum para web/components ou web/lib.'),
      },
    })),
  ];
}
