import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

// Files of the projects that mock share one jsdom per worker (vitest.config.ts, project `unit-dom-mocks`;
// tests/unit/extension/vitest.config.ts): each hands the next an empty document at the first address and empty storage, as a
// fresh jsdom would give it, whether or not it cleaned up itself.
afterAll(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.className = '';
  history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
});
