// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, buttonClasses } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain button, not a form submit, unless asked', () => {
    render(<Button>Refresh</Button>);
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('type')).toBe('button');
  });

  it('while loading it keeps its name, is disabled and says it is busy', () => {
    render(
      <Button type="submit" loading>
        Signing in ...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in ...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it("lets the caller's classes win over the variant's and the size's", () => {
    const classes = buttonClasses('ghost', 'xs', 'h-9 w-full').split(' ');
    expect(classes).toContain('h-9');
    expect(classes).not.toContain('h-7');
    expect(classes).toContain('w-full');
  });
});
