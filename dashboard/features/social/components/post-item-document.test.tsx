// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { postDoc, type FakeCalls } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const { RecentPosts } = await import('./recent-posts');

afterEach(cleanup);

describe('Recent Posts with a LinkedIn document post', () => {
  it('names the document and its pages instead of counting media files', () => {
    const image = (id: string) => ({
      generationId: id,
      contentType: 'image/png',
      sizeBytes: 2048,
      title: id,
    });
    const posts = [
      postDoc('d1', {
        platform: 'linkedin',
        status: 'published',
        text: 'Our deck',
        media: [image('a'), image('b'), image('c')],
        document: { title: 'Spring lookbook' },
      }),
      postDoc('m1', {
        platform: 'linkedin',
        status: 'published',
        text: 'Two images',
        media: [image('a'), image('b')],
      }),
    ].map((d) => toSocialPost(d.id, d.data));
    render(
      <RecentPosts
        posts={{ status: 'success', data: posts, retry: () => undefined }}
        timeZone="Europe/Berlin"
        onRetried={vi.fn()}
      />,
    );
    expect(
      within(screen.getByText('Our deck').closest('li')!).getByText(
        'Document “Spring lookbook”, 3 pages',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByText('Two images').closest('li')!).getByText('2 media files'),
    ).toBeTruthy();
  });
});
