import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's lint config, built over a miniature of its layout (fixtures/repo), must refuse each
// forbidden import shape and banned API, and let the allowed ones through.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureRoot = fileURLToPath(new URL('./fixtures/repo/', import.meta.url));

let eslint: ESLint;

beforeAll(async () => {
  const { lintConfig } = (await import(pathToFileURL(`${repoRoot}eslint.config.js`).href)) as {
    lintConfig: (root: string) => Linter.Config[];
  };
  eslint = new ESLint({
    cwd: fixtureRoot,
    overrideConfigFile: true,
    overrideConfig: lintConfig(fixtureRoot),
  });
});

/** The rules (or parse errors) reported for `code` as if it were the file at `filePath` in the fixture tree. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${fixtureRoot}${filePath}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `parse error: ${m.message}`);
}

/** A module that imports `name` from `from` and uses it. */
function importing(from: string, name: string): string {
  return `import { ${name} } from '${from}';\n\nexport const seen = ${name};\n`;
}

const ZONE = 'import-x/no-restricted-paths';

describe('the lint config', { timeout: 60_000 }, () => {
  it.each([
    [
      'a feature importing another feature by a relative path',
      'dashboard/features/beta/view.ts',
      '../alpha/model',
      'alpha',
    ],
    [
      'a feature importing another feature through @/',
      'dashboard/features/beta/view.ts',
      '@/features/alpha/model',
      'alpha',
    ],
    [
      'a feature reaching another feature through lib/..',
      'dashboard/features/beta/view.ts',
      '../../lib/../features/alpha/model',
      'alpha',
    ],
    [
      'a feature importing the app layer',
      'dashboard/features/alpha/view.ts',
      '@/app/routes',
      'routes',
    ],
    [
      'lib importing a feature by a relative path',
      'dashboard/lib/view.ts',
      '../features/alpha/model',
      'alpha',
    ],
    [
      'lib importing a feature through @/',
      'dashboard/lib/view.ts',
      '@/features/alpha/model',
      'alpha',
    ],
    [
      'components importing the app layer',
      'dashboard/components/view.ts',
      '../app/routes',
      'routes',
    ],
    ['config importing a feature', 'dashboard/config/view.ts', '@/features/beta/model', 'beta'],
    [
      'core importing the dashboard by a relative path',
      'core/view.ts',
      '../dashboard/lib/util',
      'util',
    ],
    ['core importing the dashboard through @/', 'core/view.ts', '@/lib/util', 'util'],
    ['core importing functions', 'core/view.ts', '../functions/src/handler', 'handler'],
    [
      'core importing the extension',
      'core/view.ts',
      '../entrypoints/background/index',
      'background',
    ],
    ['core importing tests', 'core/view.ts', '../tests/support', 'support'],
    ['functions importing the dashboard through @/', 'functions/src/view.ts', '@/lib/util', 'util'],
    [
      'functions importing the dashboard by a relative path',
      'functions/src/view.ts',
      '../../dashboard/lib/util',
      'util',
    ],
    [
      'functions importing the extension',
      'functions/src/view.ts',
      '../../entrypoints/background/index',
      'background',
    ],
    ['functions importing core/ui', 'functions/src/view.ts', '@core/ui/panel', 'panel'],
    [
      'the extension importing the dashboard through @/',
      'entrypoints/background/view.ts',
      '@/components/button',
      'button',
    ],
    [
      'the extension importing the dashboard by a relative path',
      'entrypoints/background/view.ts',
      '../../dashboard/lib/util',
      'util',
    ],
    [
      'the extension importing functions',
      'entrypoints/background/view.ts',
      '../../functions/src/handler',
      'handler',
    ],
    [
      'the sandbox importing core through @core/',
      'tests/sandbox/providers/view.ts',
      '@core/shared',
      'shared',
    ],
    [
      'the sandbox importing core by a relative path',
      'tests/sandbox/view.ts',
      '../../core/shared',
      'shared',
    ],
    [
      'the sandbox importing the dashboard through @/',
      'tests/sandbox/providers/view.ts',
      '@/lib/util',
      'util',
    ],
    [
      'the sandbox importing functions',
      'tests/sandbox/providers/view.ts',
      '../../../functions/src/handler',
      'handler',
    ],
    [
      'the sandbox importing the extension',
      'tests/sandbox/view.ts',
      '../../entrypoints/background/index',
      'background',
    ],
    [
      'a sandbox test importing the product',
      'tests/sandbox/view.test.ts',
      '@core/shared',
      'shared',
    ],
  ])('refuses %s', async (_shape, filePath, from, name) => {
    expect(await problems(filePath, importing(from, name))).toContain(ZONE);
  });

  it.each([
    [
      'a feature importing its own files through @/',
      'dashboard/features/alpha/view.ts',
      '@/features/alpha/model',
      'alpha',
    ],
    [
      'a feature importing its own files by a relative path',
      'dashboard/features/alpha/view.ts',
      './model',
      'alpha',
    ],
    ['a feature importing lib', 'dashboard/features/alpha/view.ts', '@/lib/util', 'util'],
    [
      'a feature importing components by a relative path',
      'dashboard/features/alpha/view.ts',
      '../../components/button',
      'button',
    ],
    ['a feature importing core', 'dashboard/features/alpha/view.ts', '@core/shared', 'shared'],
    ['the app layer importing a feature', 'dashboard/app/view.ts', '@/features/beta/model', 'beta'],
    ['lib importing core', 'dashboard/lib/view.ts', '@core/shared', 'shared'],
    ['the dashboard importing core/ui', 'dashboard/components/view.ts', '@core/ui/panel', 'panel'],
    ['functions importing core', 'functions/src/view.ts', '@core/shared', 'shared'],
    [
      'the extension importing core/ui',
      'entrypoints/background/view.ts',
      '@core/ui/panel',
      'panel',
    ],
    ['a test importing the dashboard', 'tests/view.ts', '../dashboard/lib/util', 'util'],
    ['the sandbox importing its own files', 'tests/sandbox/view.ts', './providers/own', 'own'],
  ])('allows %s', async (_shape, filePath, from, name) => {
    expect(await problems(filePath, importing(from, name))).toEqual([]);
  });

  it('refuses the fixture sandbox route that judges with the product’s code', async () => {
    const [judge] = await eslint.lintFiles(['tests/sandbox/providers/judge.ts']);
    expect(judge?.messages.map((m) => m.ruleId)).toContain(ZONE);
  });

  it.each([
    [
      'localStorage',
      'dashboard/features/alpha/view.ts',
      "export const seen = localStorage.getItem('k');\n",
      'no-restricted-globals',
    ],
    [
      'window.localStorage',
      'dashboard/lib/view.ts',
      "export const seen = window.localStorage.getItem('k');\n",
      'no-restricted-properties',
    ],
    [
      'sessionStorage',
      'entrypoints/background/view.ts',
      "export const seen = sessionStorage.getItem('k');\n",
      'no-restricted-globals',
    ],
    [
      'setInterval',
      'dashboard/components/view.ts',
      'export const seen = setInterval(() => undefined, 1000);\n',
      'no-restricted-globals',
    ],
    [
      'window.setInterval',
      'entrypoints/background/view.ts',
      'export const seen = window.setInterval(() => undefined, 1000);\n',
      'no-restricted-properties',
    ],
  ])('refuses raw %s in app code', async (_api, filePath, code, rule) => {
    expect(await problems(filePath, code)).toContain(rule);
  });

  it.each([
    [
      'localStorage in the storage wrapper',
      'dashboard/lib/local-store.ts',
      "export const seen = window.localStorage.getItem('k');\n",
    ],
    [
      'setInterval in the interval wrapper',
      'dashboard/lib/use-interval.ts',
      'export const seen = setInterval(() => undefined, 1000);\n',
    ],
    [
      'localStorage and setInterval in a test',
      'dashboard/lib/view.test.ts',
      "export const seen = [localStorage.getItem('k'), setInterval(() => undefined, 1000)];\n",
    ],
    [
      'setTimeout in app code',
      'dashboard/lib/view.ts',
      'export const seen = setTimeout(() => undefined, 1000);\n',
    ],
  ])('allows %s', async (_use, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  const transaction = 'export const seen = (db) => db.runTransaction(async () => 1);\n';
  it('refuses a Firestore transaction in functions outside their one wrapper', async () => {
    expect(await problems('functions/src/social/view.ts', transaction)).toContain(
      'no-restricted-syntax',
    );
  });

  it.each([
    ['the wrapper itself', 'functions/src/lib/transaction.ts'],
    ['a functions test', 'functions/src/social/view.test.ts'],
  ])('allows a Firestore transaction in %s', async (_where, filePath) => {
    expect(await problems(filePath, transaction)).toEqual([]);
  });

  it.each([
    [
      'a document read',
      'export const seen = async (ref) => (await ref.get()).data() as { uid: string } | undefined;\n',
    ],
    [
      'a snapshot in a transaction',
      'export const seen = (snap) => snap.data() as { uid: string };\n',
    ],
    ['one field of a document', "export const seen = (snap) => snap.get('status') as string;\n"],
  ])('refuses a cast of %s in functions', async (_what, code) => {
    expect(await problems('functions/src/social/view.ts', code)).toContain('no-restricted-syntax');
    expect(await problems('functions/src/lib/transaction.ts', code)).toContain(
      'no-restricted-syntax',
    );
  });

  it.each([
    [
      'a converted read',
      'export const seen = async (ref, converter) => (await ref.withConverter(converter).get()).data();\n',
    ],
    [
      'a field read as unknown',
      "export const seen = (snap) => snap.get('checkedAt') as unknown;\n",
    ],
  ])('allows %s in functions', async (_what, code) => {
    expect(await problems('functions/src/social/view.ts', code)).toEqual([]);
  });
});
