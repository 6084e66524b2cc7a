// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialPost } from '@core/social-posts';

// The panel's "Last post" line follows the post live. While the server checks whether the platform made a
// post whose request got no answer (checkingUntil set), it says what Recent Posts says, not "Posting…".

const live = vi.hoisted(() => ({ post: null as Partial<SocialPost> | null }));

vi.mock('@core/react/use-live', async (load) => ({
  ...(await load<object>()),
  useLiveDoc: () => ({ status: 'success', data: live.post }),
}));
vi.mock('firebase/firestore', async (load) => ({ ...(await load<object>()), doc: () => ({}) }));

const { PostOutcome } = await import('../../../entrypoints/sidepanel/components/post-outcome');

function show(post: Partial<SocialPost>) {
  live.post = post;
  render(<PostOutcome db={{} as never} uid="u1" postId="p1" onDismiss={() => undefined} />);
}

describe('the panel’s last post line', () => {
  afterEach(cleanup);

  it('says the platform is being checked while the outcome is settled', () => {
    show({
      platform: 'linkedin',
      status: 'publishing',
      checkingUntil: new Date(Date.now() + 60_000),
      url: null,
    });
    expect(screen.getByText('Checking whether LinkedIn published it...')).toBeTruthy();
    expect(screen.queryByText(/Posting/)).toBeNull();
  });

  it('says Posting… while the post is simply going out', () => {
    show({ platform: 'x', status: 'publishing', checkingUntil: null, url: null });
    expect(screen.getByText('Posting…')).toBeTruthy();
  });
});
