// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from '../test-support';
import { ChannelHealthAlert } from './channel-health-alert';

afterEach(cleanup);

const posts = [
  postDoc('s2', {
    status: 'scheduled',
    text: 'Later',
    scheduledAt: timestampOf('2026-11-27T09:00:00Z'),
  }),
  postDoc('s1', {
    status: 'scheduled',
    text: 'Sooner',
    scheduledAt: timestampOf('2026-11-26T17:00:00Z'),
  }),
  postDoc('ok', { status: 'published', text: 'Live' }),
].map((d) => toSocialPost(d.id, d.data));

describe('ChannelHealthAlert', () => {
  it('says how many scheduled posts a dead connection would break, the next one first, with Reconnect', () => {
    render(
      <MemoryRouter>
        <ChannelHealthAlert
          platform="x"
          connection={{ state: 'needs-reconnect', expiresInDays: null }}
          posts={posts}
          timeZone="Europe/Berlin"
        />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your X connection needs to be renewed');
    expect(alert.textContent).toMatch(
      /2 scheduled posts will fail unless you reconnect; the next is due Nov 26, 2026, 6:00 PM/,
    );
    expect(screen.getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe(
      '/integrations?tab=social',
    );
  });

  it('sends Reddit and YouTube to the page’s own Connect', () => {
    render(
      <ChannelHealthAlert
        platform="reddit"
        connection={{ state: 'needs-reconnect', expiresInDays: null }}
        posts={[]}
        timeZone="UTC"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Reddit refused the saved access. Reconnect before you post again.',
    );
    expect(screen.getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe('#connect');
  });

  it.each([
    ['connected', { state: 'connected', expiresInDays: 30 }],
    ['loading', null],
  ] as const)('shows nothing while the channel is %s', (_name, connection) => {
    const { container } = render(
      <ChannelHealthAlert platform="x" connection={connection} posts={posts} timeZone="UTC" />,
    );
    expect(container.innerHTML).toBe('');
  });
});
