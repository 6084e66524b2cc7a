// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { callableError, postDoc, timestampOf, type FakeCalls } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls, () =>
    Promise.resolve({ postId: 't1', status: 'scheduled' }),
  ),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { PostItem } = await import('./post-item');

const image = (id: string, title: string) => ({
  generationId: id,
  title,
  contentType: 'image/png',
  sizeBytes: 2048,
  url: `https://storage.example/${id}.png`,
});
const scheduledAt = new Date(Math.floor((Date.now() + 30 * 86_400_000) / 60_000) * 60_000);

/** A scheduled X thread of three with a first comment, as the functions store it. */
const thread = toSocialPost(
  't1',
  postDoc('t1', {
    status: 'scheduled',
    text: 'Part one',
    scheduledAt: timestampOf(scheduledAt.toISOString()),
    timeZone: 'UTC',
    thread: [
      { text: 'Part two', media: [image('g2', 'Harbour')], platformPostId: null, url: null },
      { text: 'Part three', media: [], platformPostId: null, url: null },
    ],
    firstComment: { text: 'Link in the reply', platformPostId: null, url: null },
  }).data,
);

function openEditor() {
  render(<PostItem post={thread} timeZone="UTC" onRetried={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
  return screen.getByRole('form', { name: 'Edit scheduled post' });
}

const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(label) as HTMLTextAreaElement;

describe('Edit of a scheduled thread', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {};
    toast.mockReset();
  });
  afterEach(cleanup);

  it('shows every item of the thread with its text and media, and the first comment', () => {
    const form = openEditor();
    expect(field(form, 'Post 1 of the thread').value).toBe('Part one');
    expect(field(form, 'Post 2 of the thread').value).toBe('Part two');
    expect(field(form, 'Post 3 of the thread').value).toBe('Part three');
    expect(within(form).getByRole('group', { name: 'Media for post 2' }).textContent).toContain(
      'Harbour',
    );
    expect(field(form, 'First comment (optional)').value).toBe('Link in the reply');
  });

  it('saves edited, removed and added items, each with its media, and the comment through updateScheduledPost', async () => {
    const form = openEditor();
    fireEvent.change(field(form, 'Post 2 of the thread'), {
      target: { value: 'Part two, edited' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove post 3 of the thread' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add to thread' }));
    fireEvent.change(field(form, 'Post 3 of the thread'), { target: { value: 'Part four, new' } });
    fireEvent.change(field(form, 'First comment (optional)'), { target: { value: 'A new reply' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.log).toHaveLength(1));
    expect(calls.log[0]).toEqual({
      name: 'updateScheduledPost',
      input: {
        postId: 't1',
        text: 'Part one',
        media: [],
        scheduledAt: scheduledAt.toISOString(),
        timeZone: 'UTC',
        thread: [
          { text: 'Part two, edited', media: [{ generationId: 'g2' }] },
          { text: 'Part four, new', media: [] },
        ],
        firstComment: 'A new reply',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Edit scheduled post' })).toBeNull(),
    );
  });

  it('removes the whole thread and the comment when every item and the comment are cleared', async () => {
    const form = openEditor();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove post 2 of the thread' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove post 2 of the thread' }));
    fireEvent.change(field(form, 'First comment (optional)'), { target: { value: '  ' } });
    expect(field(form, 'Post Content').value).toBe('Part one');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.log).toHaveLength(1));
    expect(calls.log[0]!.input).toMatchObject({ thread: [], firstComment: '' });
  });

  it.each([
    [
      'an item over X limit',
      (form: HTMLElement) =>
        fireEvent.change(field(form, 'Post 3 of the thread'), {
          target: { value: 'a'.repeat(281) },
        }),
      /^Post 3 of the thread: /,
    ],
    [
      'an empty item',
      (form: HTMLElement) =>
        fireEvent.click(within(form).getByRole('button', { name: 'Add to thread' })),
      'Post 4 of the thread is empty: write it or remove it.',
    ],
    [
      'a comment over X limit',
      (form: HTMLElement) =>
        fireEvent.change(field(form, 'First comment (optional)'), {
          target: { value: 'b'.repeat(281) },
        }),
      /^The first comment can be at most 280/,
    ],
  ])('names %s and keeps Save disabled, calling nobody', (_, act, reason) => {
    const form = openEditor();
    act(form);
    const save = within(form).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(form).getByRole('alert').textContent).toMatch(reason);
    fireEvent.submit(form);
    expect(calls.log).toEqual([]);
  });

  it('says the post was already claimed when the scheduler took it first, and stays open', async () => {
    calls.handlers.updateScheduledPost = () =>
      Promise.reject(
        callableError('failed-precondition', 'This post is already being published.', 'post-state'),
      );
    const form = openEditor();
    fireEvent.change(field(form, 'Post 2 of the thread'), { target: { value: 'Too late' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description:
          'This post was already claimed for publishing, so it can no longer be changed.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('form', { name: 'Edit scheduled post' })).toBeTruthy();
  });
});
