// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { postDoc, type FakeCalls } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const drafts = vi.hoisted(() => ({
  written: [] as { id: string; fields: Record<string, unknown> }[],
}));

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls, () =>
    Promise.resolve({ postId: 'p', status: 'queued' }),
  ),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@core/firebase/drafts', () => ({
  newDraftId: () => 'draft-1',
  writeDraft: async (_db: unknown, _uid: string, id: string, fields: Record<string, unknown>) => {
    drafts.written.push({ id, fields });
    return id;
  },
}));

const { PostItem } = await import('./post-item');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function renderPost(data: Record<string, unknown>, channelNeedsReconnect = false) {
  const post = toSocialPost('f1', postDoc('f1', { status: 'failed', ...data }).data);
  render(
    <MemoryRouter initialEntries={['/social/x']}>
      <ul>
        <PostItem
          post={post}
          timeZone="UTC"
          onRetried={vi.fn()}
          channelNeedsReconnect={channelNeedsReconnect}
        />
      </ul>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return within(screen.getByRole('listitem'));
}

const where = () => screen.getByTestId('where').textContent;

describe('a failed post with its fix', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {};
    drafts.written = [];
  });
  afterEach(cleanup);

  it('says where it failed, what it means and the platform code, and Reconnect X opens the credentials', async () => {
    const li = renderPost({
      text: 'With a picture',
      error: {
        code: 'auth_expired',
        message: 'X refused the stored credentials: reconnect your X account in Integrations',
        step: 'upload',
        summary: 'X refused the saved sign-in for this account.',
        fix: { action: 'reconnect', label: 'Reconnect X' },
        platformCode: 'Unauthorized',
        httpStatus: 401,
      },
    });
    expect(
      li.getByText('Failed at upload: X refused the saved sign-in for this account.'),
    ).toBeTruthy();
    expect(li.getByText(/X refused the stored credentials/).textContent).toContain(
      '(X HTTP 401 · Unauthorized)',
    );
    fireEvent.click(li.getByRole('button', { name: 'Reconnect X' }));
    await waitFor(() => expect(where()).toBe('/integrations?tab=social'));
    expect(li.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('Reconnect for Reddit goes to the Reddit page’s Connect', async () => {
    const li = renderPost({
      platform: 'reddit',
      reddit: { subreddit: 'MuseSandbox', title: 'T' },
      error: {
        code: 'auth_expired',
        message: 'm',
        step: 'create',
        summary: 's',
        fix: { action: 'reconnect', label: 'Reconnect Reddit' },
      },
    });
    fireEvent.click(li.getByRole('button', { name: 'Reconnect Reddit' }));
    await waitFor(() => expect(where()).toBe('/social/reddit#connect'));
  });

  it('Choose a flair opens the post again in the Reddit composer as a draft, without the refused flair', async () => {
    const li = renderPost({
      platform: 'reddit',
      text: 'Body text',
      reddit: { subreddit: 'FlairRequired', title: 'My title', flairId: 'x1', flairText: 'Old' },
      media: [{ generationId: 'g1', contentType: 'image/png', sizeBytes: 10, title: 'Harbour' }],
      error: {
        code: 'invalid_content',
        message: 'r/FlairRequired requires a post flair: choose one and post again.',
        step: 'create',
        summary: 'This subreddit requires a post flair.',
        fix: { action: 'choose-flair', label: 'Choose a flair' },
        platformCode: 'SUBMIT_VALIDATION_FLAIR_REQUIRED',
      },
    });
    expect(li.getByText('Failed at posting: This subreddit requires a post flair.')).toBeTruthy();
    fireEvent.click(li.getByRole('button', { name: 'Choose a flair' }));
    await waitFor(() => expect(where()).toBe('/social/reddit?draft=draft-1'));
    expect(drafts.written).toEqual([
      {
        id: 'draft-1',
        fields: {
          platform: 'reddit',
          text: 'Body text',
          title: 'My title',
          subreddit: 'FlairRequired',
          flair: '',
          author: '',
          media: ['g1'],
          sourceUrl: '',
        },
      },
    ]);
  });

  it('Edit post opens an X post again in its composer', async () => {
    const li = renderPost({
      text: 'Same text again',
      error: {
        code: 'duplicate',
        message: 'X refused this post',
        step: 'create',
        summary: 'X refused the post: this account already posted the same text.',
        fix: { action: 'edit', label: 'Edit post' },
      },
    });
    fireEvent.click(li.getByRole('button', { name: 'Edit post' }));
    await waitFor(() => expect(where()).toBe('/social/x?draft=draft-1'));
    expect(drafts.written[0]?.fields).toMatchObject({ platform: 'x', text: 'Same text again' });
  });

  it('a Retry fix is the post’s own Retry, named by the fix, and sends one retry', async () => {
    const li = renderPost({
      error: {
        code: 'invalid_content',
        message: 'X refused the post',
        step: 'create',
        summary: 'The X developer account has no API credits left.',
        fix: { action: 'retry', label: 'Retry after adding credits' },
      },
    });
    expect(li.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Retry after adding credits',
    ]);
    fireEvent.click(li.getByRole('button', { name: 'Retry after adding credits' }));
    await waitFor(() => expect(calls.log.map((c) => c.name)).toEqual(['retryPost']));
  });

  it('a Wait fix has no button of its own: it says what to wait for beside Retry', () => {
    const li = renderPost({
      error: {
        code: 'rate_limited',
        message: 'X is rate limiting this account',
        step: 'create',
        summary: 'X is rate limiting this account.',
        fix: { action: 'wait', label: 'Wait for the limit to reset' },
      },
    });
    expect(li.getAllByRole('button').map((b) => b.textContent)).toEqual(['Retry']);
    expect(li.getByText('Wait for the limit to reset')).toBeTruthy();
  });

  it('an older failure without a step reads as before', () => {
    const li = renderPost({
      error: { code: 'duplicate', message: 'X refused a duplicate of a recent post' },
    });
    expect(li.getByText('Failed: X refused a duplicate of a recent post')).toBeTruthy();
    expect(li.getAllByRole('button').map((b) => b.textContent)).toEqual(['Retry']);
  });
});

describe('a scheduled post on a channel whose access was found dead', () => {
  afterEach(cleanup);
  const scheduled = {
    status: 'scheduled',
    platform: 'linkedin',
    text: 'Next week',
    scheduledAt: { toDate: () => new Date('2026-12-01T09:00:00Z') },
  };

  it('warns on its row that it will fail, with Reconnect to where LinkedIn connects', async () => {
    const li = renderPost(scheduled, true);
    expect(li.getByRole('alert').textContent).toContain(
      'This post will fail unless you reconnect LinkedIn before it is due.',
    );
    fireEvent.click(li.getByRole('button', { name: 'Reconnect LinkedIn' }));
    await waitFor(() => expect(where()).toBe('/integrations?tab=social'));
  });

  it('says nothing while the channel is healthy, nor on a post already out', () => {
    expect(renderPost(scheduled, false).queryByRole('alert')).toBeNull();
    cleanup();
    expect(
      renderPost({ status: 'published', platform: 'linkedin', text: 'Out' }, true).queryByRole(
        'alert',
      ),
    ).toBeNull();
  });
});
