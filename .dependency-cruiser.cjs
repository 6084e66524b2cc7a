// The import graph's rules: no cycles, type-only imports included (ESLint's import-x/no-cycle skips
// `import type`, so a cycle made of types alone used to pass), and the jobs and publishing kept apart (the
// job lease knows no kind; social reaches it only through functions/src/jobs/lease.ts). `npm run lint` runs
// them over the app code; tests/unit/lint/cycles.test.ts and boundaries.test.ts prove each refuses what it should.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Break the cycle: move the shared piece (often a type) into a module both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'jobs-not-social',
      severity: 'error',
      comment:
        'The job lease knows no kind of work: publishing registers as a handler (functions/src/job-handlers.ts), so nothing in functions/src/jobs imports functions/src/social.',
      from: { path: '(^|/)functions/src/jobs/' },
      to: { path: '(^|/)functions/src/social/' },
    },
    {
      name: 'social-through-lease',
      severity: 'error',
      comment:
        'functions/src/social reaches the jobs only through the lease and its handler registration (functions/src/jobs/lease.ts).',
      from: { path: '(^|/)functions/src/social/' },
      to: { path: '(^|/)functions/src/jobs/', pathNot: '(^|/)functions/src/jobs/lease\\.ts$' },
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
