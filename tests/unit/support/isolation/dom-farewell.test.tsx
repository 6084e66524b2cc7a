// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { goodbye, welcome } from './welcome';

// The other half of ./dom-greeting.test.tsx.
vi.mock('./farewell', () => ({ farewell: 'mocked goodbye' }));

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
      {goodbye()} / {welcome()}
    </p>,
  );
  expect(screen.getByText('mocked goodbye, world / hello, world')).toBeTruthy();
  document.documentElement.className = 'dark';
  localStorage.setItem('farewell', 'left behind');
  sessionStorage.setItem('farewell', 'left behind');
});
