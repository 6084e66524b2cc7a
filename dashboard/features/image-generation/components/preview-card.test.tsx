// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobView } from '@/lib/jobs/job-view';
import { PreviewCard } from './preview-card';

const show = (
  view: JobView,
  handlers: { onCancel?: () => void; onDownload?: (url: string, prompt: string) => void } = {},
) =>
  render(
    <MemoryRouter>
      <PreviewCard
        view={view}
        onCancel={handlers.onCancel ?? vi.fn()}
        isCancelling={false}
        onDownload={handlers.onDownload ?? vi.fn()}
        isDownloading={false}
      />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('PreviewCard', () => {
  it('shows the empty text', () => {
    show({ kind: 'empty' });
    expect(screen.getByText('Enter a prompt and click generate to create an image')).toBeTruthy();
  });

  it('shows the job status line and progress, with Cancel', async () => {
    const onCancel = vi.fn();
    show(
      { kind: 'running', statusText: 'Generating', progress: 40, canCancel: true },
      { onCancel },
    );
    expect(screen.getByRole('status').textContent).toBe('Generating · 40%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows the result with Download Image', async () => {
    const onDownload = vi.fn();
    show(
      {
        kind: 'result',
        url: 'https://files/fox.png',
        posterUrl: null,
        title: 'a fox',
        prompt: 'a fox',
      },
      { onDownload },
    );
    expect(screen.getByRole('img', { name: 'Generated image: a fox' }).getAttribute('src')).toBe(
      'https://files/fox.png',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download Image' }));
    expect(onDownload).toHaveBeenCalledWith('https://files/fox.png', 'a fox');
  });

  it('links a missing key error to Integrations', () => {
    show({
      kind: 'error',
      title: null,
      message: 'BlackForest API key not found. Please add your API key in the Integrations page.',
      needsIntegrations: true,
    });
    expect(screen.getByRole('alert').textContent).toContain('BlackForest API key not found.');
    expect(screen.getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
  });

  it('shows other failures without the link', () => {
    show({
      kind: 'error',
      title: 'Generation failed',
      message: 'Sandbox generation error',
      needsIntegrations: false,
    });
    expect(screen.getByRole('alert').textContent).toBe('Generation failedSandbox generation error');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
