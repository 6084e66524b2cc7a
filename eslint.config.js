import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dashboard layering (STYLE.md): shared code -> features -> app, one way only, and features never
// import each other. Enforced with import patterns, so no resolver is needed for the @/ alias.
const features = readdirSync(new URL('./dashboard/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const featureZones = features.map((name) => ({
  files: [`dashboard/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/features/*', `!@/features/${name}`, `!@/features/${name}/**`], message: 'Features do not import each other: move shared code to dashboard/lib or components, or compose in dashboard/app.' },
          { group: ['@/app', '@/app/**'], message: 'Features do not import the app layer.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.output', '.output-test', '.wxt', '.local', 'functions/lib', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['dashboard/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['dashboard/components/**/*.{ts,tsx}', 'dashboard/lib/**/*.{ts,tsx}', 'dashboard/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/**', '@/app/**'], message: 'Shared dashboard code must not depend on features or the app layer.' }] }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/**', '**/dashboard/**', '**/functions/**', '**/entrypoints/**'], message: 'core/ is shared by every runtime and imports none of them.' }] }],
    },
  },
  ...featureZones,
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'No .only left behind.' }, { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests left behind.' }] },
  },
);
