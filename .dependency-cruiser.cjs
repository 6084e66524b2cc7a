// The import graph's one rule: no cycles, type-only imports included (ESLint's import-x/no-cycle skips
// `import type`, so a cycle made of types alone used to pass). `npm run lint` runs it over the app code;
// tests/unit/lint/cycles.test.ts proves it refuses a value cycle and a type-only one.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the cycle: move the shared piece (often a type) into a module both sides import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Keep `import type` edges in the graph: they are what the ESLint rule missed.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.wxt|\\.output|dist)/|^functions/lib/' },
  },
};
