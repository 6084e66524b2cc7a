// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The panel's CSP (wxt.config.ts extensionPagesPolicy) blocks http: pictures: a page's http:// image is a
// placeholder that says the preview is not available, never a broken <img>, and never a reason to allow http:.

vi.mock('../../../entrypoints/sidepanel/hooks/use-page-context', () => ({
  usePageContext: () => ({
    status: 'ready',
    refresh: () => undefined,
    context: {
      readable: true,
      title: 'A plain http page',
      url: 'http://old.example/article',
      description: '',
      selection: '',
      images: [
        { src: 'http://old.example/fox.jpg', alt: 'A fox' },
        { src: 'https://cdn.example/owl.jpg', alt: 'An owl' },
        { src: 'https://cdn.example/gone.jpg', alt: 'Gone' },
      ],
    },
  }),
}));

const { PageContextCard } =
  await import('../../../entrypoints/sidepanel/components/page-context-card');

describe('page images in the side panel', () => {
  afterEach(cleanup);

  it('shows an http:// image as a placeholder and an https:// one as its picture', () => {
    render(<PageContextCard />);
    const list = screen.getByRole('list', { name: 'Images on this page' });
    const pictures = [...list.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(pictures).not.toContain('http://old.example/fox.jpg');
    expect(pictures).toContain('https://cdn.example/owl.jpg');
    expect(within(list).getByRole('img', { name: 'A fox (preview not available)' })).toBeTruthy();
  });

  it('turns a picture that fails to load into the placeholder', () => {
    render(<PageContextCard />);
    fireEvent.error(screen.getByRole('img', { name: 'Gone' }));
    expect(screen.getByRole('img', { name: 'Gone (preview not available)' })).toBeTruthy();
  });
});
