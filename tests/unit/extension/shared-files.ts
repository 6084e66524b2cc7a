// Extension unit files that replace no module (`vi.mock`) and stub no global: they share one module graph
// per worker (project `extension-unit-shared`, tests/unit/extension/vitest.shared.config.ts), so WXT's
// fakeBrowser and the extension's modules load once. Each resets fakeBrowser and removes its message
// listeners itself. The files that mock modules keep a fresh graph each (project `extension-unit`).
export const sharedExtensionFiles = [
  'tests/unit/extension/background-failure-badge.test.ts',
  'tests/unit/extension/background.test.ts',
  'tests/unit/extension/local-build.test.ts',
  'tests/unit/extension/manifest.test.ts',
  'tests/unit/extension/page-context-source.test.ts',
  'tests/unit/extension/side-panel-logic.test.ts',
];
