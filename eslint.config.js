import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import zones between the runtimes and the dashboard's layers. They match the resolved file, so
 * relative paths and the @/ and @core/ aliases are held alike.
 */
export function importZones(root) {
  const features = readdirSync(join(root, 'dashboard/features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return [
    ...features.map((name) => ({
      target: `dashboard/features/${name}`,
      from: 'dashboard/features',
      except: [`./${name}`],
      message:
        'Features do not import each other: move shared code to dashboard/lib or components, or compose in dashboard/app.',
    })),
    {
      target: 'dashboard/features',
      from: 'dashboard/app',
      message: 'Features do not import the app layer.',
    },
    {
      target: ['dashboard/lib', 'dashboard/components', 'dashboard/config'],
      from: ['dashboard/features', 'dashboard/app'],
      message: 'Shared dashboard code must not depend on features or the app layer.',
    },
    {
      target: 'core',
      from: ['dashboard', 'functions', 'entrypoints', 'tests'],
      message: 'core/ is shared by every runtime and imports none of them.',
    },
    {
      target: ['functions', 'entrypoints'],
      from: 'dashboard',
      message: 'Only the dashboard imports dashboard code: share it through core/.',
    },
    {
      target: 'functions',
      from: 'entrypoints',
      message: 'Cloud Functions do not import the extension.',
    },
    {
      target: 'entrypoints',
      from: 'functions',
      message:
        'The extension does not import Cloud Functions: call them, or share code through core/.',
    },
    {
      target: 'functions',
      from: ['core/ui', 'core/react'],
      message: 'core/ui and core/react are browser UI code, not for Cloud Functions.',
    },
    {
      target: 'tests/sandbox',
      from: ['core', 'functions', 'dashboard', 'entrypoints'],
      message:
        'The provider sandbox judges requests on its own: it imports nothing from the product. Keep its data in tests/sandbox; a test outside it may compare the two.',
    },
  ];
}

// Raw browser APIs that have one wrapper in the dashboard: app code goes through it.
const storageBan = {
  globals: ['localStorage', 'sessionStorage'].map((name) => ({
    name,
    message: 'Use dashboard/lib/local-store.ts (typed, validated, never throws).',
  })),
  properties: ['window', 'globalThis', 'self'].flatMap((object) =>
    ['localStorage', 'sessionStorage'].map((property) => ({
      object,
      property,
      message: 'Use dashboard/lib/local-store.ts (typed, validated, never throws).',
    })),
  ),
};
const timerBan = {
  globals: [
    {
      name: 'setInterval',
      message:
        'Use useInterval (dashboard/lib/use-interval.ts) or useNow (dashboard/lib/use-now.ts).',
    },
  ],
  properties: ['window', 'globalThis', 'self'].map((object) => ({
    object,
    property: 'setInterval',
    message:
      'Use useInterval (dashboard/lib/use-interval.ts) or useNow (dashboard/lib/use-now.ts).',
  })),
};
function bans(...list) {
  return {
    'no-restricted-globals': ['error', ...list.flatMap((b) => b.globals)],
    'no-restricted-properties': ['error', ...list.flatMap((b) => b.properties)],
  };
}
// Functions read a document through its core schema (ref.withConverter, functions/src/lib/converter.ts), as the
// clients do: never a cast of its data or of one of its fields (a cast to unknown claims nothing and is allowed).
const documentCastMessage =
  'Read the document through its core schema: ref.withConverter(...) (functions/src/lib/converter.ts), not a cast.';
const documentCastBans = [
  {
    selector:
      "TSAsExpression[typeAnnotation.type!='TSUnknownKeyword'] > CallExpression[callee.property.name='data']",
    message: documentCastMessage,
  },
  {
    selector:
      "TSAsExpression[typeAnnotation.type!='TSUnknownKeyword'] > CallExpression[callee.property.name='get'][arguments.length=1][arguments.0.type='Literal']",
    message: documentCastMessage,
  },
];
const appCode = ['dashboard/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'];
const testCode = ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'];

/** The whole lint config for a repository laid out like this one at `root` (the lint test builds one over fixtures). */
export function lintConfig(root) {
  return tseslint.config(
    {
      ignores: [
        'node_modules',
        'dist',
        '.output',
        '.output-test',
        '.wxt',
        '.local',
        'functions/lib',
        'test-results',
        'coverage',
        'tests/unit/lint/fixtures',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        globals: { ...globals.browser, ...globals.node },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': [
          'error',
          { fixStyle: 'inline-type-imports' },
        ],
        'no-console': 'off',
      },
    },
    {
      files: appCode,
      plugins: { 'react-hooks': reactHooks },
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    },
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      settings: {
        // no-cycle parses the files an import leads to: TypeScript ones with the TypeScript parser.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        // One resolver for every runtime: tsconfig.base.json maps both @core/* and @/*, so an alias
        // import from functions/ or entrypoints/ still resolves and meets its zone.
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: join(root, 'tsconfig.base.json') }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones(root) }],
      },
    },
    // Wrappers: each may use the API it wraps, and nothing else may.
    { files: appCode, ignores: testCode, rules: bans(storageBan, timerBan) },
    { files: ['dashboard/lib/local-store.ts'], rules: bans(timerBan) },
    { files: ['dashboard/lib/use-interval.ts'], rules: bans(storageBan) },
    {
      files: ['functions/src/**/*.ts'],
      ignores: [...testCode, 'functions/src/lib/transaction.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "CallExpression[callee.property.name='runTransaction']",
            message:
              'Use runTransaction from functions/src/lib/transaction.ts (it also retries what the emulator closes).',
          },
          ...documentCastBans,
        ],
      },
    },
    {
      files: ['functions/src/lib/transaction.ts'],
      rules: { 'no-restricted-syntax': ['error', ...documentCastBans] },
    },
    {
      files: testCode,
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "CallExpression[callee.property.name='only']",
            message: 'No .only left behind.',
          },
          {
            selector: "CallExpression[callee.property.name='skip']",
            message: 'No skipped tests left behind.',
          },
        ],
      },
    },
  );
}

export default lintConfig(fileURLToPath(new URL('.', import.meta.url)));
