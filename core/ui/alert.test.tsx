// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert } from './alert';

afterEach(cleanup);

describe('Alert', () => {
  it.each([
    { tone: 'danger' as const, role: 'alert' },
    { tone: 'default' as const, role: 'status' },
  ])('a $tone message is announced as $role', ({ tone, role }) => {
    render(<Alert tone={tone}>Saved.</Alert>);
    expect(screen.getByRole(role).textContent).toBe('Saved.');
  });
});
