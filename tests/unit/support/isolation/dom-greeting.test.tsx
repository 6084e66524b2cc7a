// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { goodbye, welcome } from './welcome';

// With ./dom-farewell.test.tsx: two files of project `unit-dom-mocks` that share a worker and its jsdom
// (vitest.config.ts) and must still not see each other's module mocks, document or storage
// (tests/unit/support/fresh-modules.ts, fresh-dom.ts). Whichever runs second fails if anything leaks.
vi.mock('./greeting', () => ({ greeting: 'mocked hello' }));

// As the file is loaded, before any of its tests (which may run in any order) leaves something behind.
const atStart = {
  body: document.body.innerHTML,
  className: document.documentElement.className,
  storage: localStorage.length + sessionStorage.length,
};

it('starts on an empty document and empty storage', () => {
  expect(atStart).toEqual({ body: '', className: '', storage: 0 });
});

it('renders its own mock and not the other file’s, and leaves it all behind', () => {
  render(
    <p>
      {welcome()} / {goodbye()}
    </p>,
  );
  expect(screen.getByText('mocked hello, world / goodbye, world')).toBeTruthy();
  document.documentElement.className = 'dark';
  localStorage.setItem('greeting', 'left behind');
  sessionStorage.setItem('greeting', 'left behind');
});
