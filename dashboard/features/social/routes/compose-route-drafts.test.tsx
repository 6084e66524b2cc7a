// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComposeDraft } from '@core/data/compose-draft';
import type { RawDoc } from '@core/data/statuses';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// Save as draft on the one composer: the chosen channels, shared text and media, each channel's own text and fields
// go into a Compose draft, which reopens from ?draft=ID (the Drafts list links there) and is saved into again.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ accounts: [] }));
const state = vi.hoisted(() => ({ drafts: new Map<string, unknown>(), writes: [] as unknown[][], deleted: [] as string[] }));

vi.mock('@/lib/call', async (load) => (await import('../test-support')).fakeCallModule(await load<object>(), calls));
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: 'db' }) }));
vi.mock('@/lib/toast', () => ({ toast: () => undefined }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/compose-drafts', () => ({
  useComposeDrafts: () => ({ status: 'success', data: [...state.drafts.values()], retry: () => undefined }),
  useComposeDraftDoc: (id: string | null) => ({ status: 'success', data: (id && state.drafts.get(id)) ?? null, retry: () => undefined }),
}));
vi.mock('@core/firebase/compose-drafts', () => ({
  writeComposeDraft: async (...args: unknown[]) => {
    state.writes.push(args);
    return (args[2] as string | null) ?? 'c007';
  },
  deleteComposeDraft: async (_db: unknown, _uid: string, id: string) => {
    state.deleted.push(id);
  },
}));

vi.setConfig({ testTimeout: 60_000 });

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { ComposeRoute } = await import('./compose-route');

const account = (id: string): RawDoc => ({
  id,
  data: { configured: true, hints: { accessToken: 'oken' }, values: { clientId: `client-${id}` }, connected: true, updatedAt: timestampOf('2026-11-23T10:00:00Z') },
});

const saved: ComposeDraft = {
  id: 'c042',
  channels: ['x', 'linkedin', 'youtube'],
  text: 'One idea for the week',
  media: [{ generationId: 'g1', title: 'Harbour at dawn', contentType: 'image/png', sizeBytes: 2048, thumbnailUrl: null }],
  versions: { linkedin: 'One idea, told at length for LinkedIn' },
  author: '',
  subreddit: '',
  title: '',
  flairId: '',
  flairText: '',
  videoTitle: 'The week in one video',
  tags: 'week, idea',
  visibility: 'unlisted',
  createdAt: new Date('2026-11-23T10:00:00Z'),
  updatedAt: new Date('2026-11-23T10:05:00Z'),
};

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ComposeRoute />
      <Address />
    </MemoryRouter>,
  );
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const checked = () => ['X', 'LinkedIn', 'Reddit', 'YouTube'].filter((c) => (screen.getByRole('checkbox', { name: c }) as HTMLInputElement).checked);
const saveDraft = () => fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
const lastWrite = () => state.writes.at(-1) as [unknown, string, string | null, Record<string, unknown>];

describe('Save as draft on the one composer', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: (input) => Promise.resolve({ platform: (input as { platform: string }).platform, name: 'Sandy Box', followers: null, following: null, posts: null, authors: [] }),
      getSubredditFlairs: (input) => Promise.resolve({ subreddit: (input as { subreddit: string }).subreddit, flairs: [], flairRequired: false }),
      publishPost: (input) => Promise.resolve({ postId: (input as { requestId: string }).requestId, status: 'queued' }),
    };
    live.accounts = ['x', 'linkedin', 'reddit', 'youtube'].map((p) => account(p));
    live.posts = [];
    state.drafts = new Map();
    state.writes = [];
    state.deleted = [];
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('saves the channels, the shared text and media, a channel’s own text and its fields as a new draft, then saves into it', async () => {
    renderAt('/compose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reddit' }));
    fireEvent.change(screen.getByLabelText('Shared text'), { target: { value: 'One idea' } });
    fireEvent.click(screen.getByRole('tab', { name: /^Reddit/ }));
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'A title for Reddit' } });
    fireEvent.change(screen.getByLabelText('Text for Reddit'), { target: { value: 'Longer, for Reddit' } });
    saveDraft();

    await waitFor(() => expect(state.writes).toHaveLength(1));
    const [, uid, id, fields] = lastWrite();
    expect(uid).toBe('u1');
    expect(id).toBeNull();
    expect(fields).toMatchObject({ channels: ['x', 'reddit'], text: 'One idea', media: [], versions: { reddit: 'Longer, for Reddit' }, subreddit: 'MuseSandbox', title: 'A title for Reddit' });
    await waitFor(() => expect(address()).toBe('/compose?draft=c007'));

    fireEvent.change(screen.getByLabelText('Text for Reddit'), { target: { value: 'Edited again' } });
    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(lastWrite()[2]).toBe('c007');
    expect(lastWrite()[3]).toMatchObject({ versions: { reddit: 'Edited again' } });
  });

  it('reopens a draft from ?draft=ID: its channels, texts, media and fields, listed under Drafts', async () => {
    state.drafts.set('c042', saved);
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'LinkedIn', 'YouTube']));
    expect((screen.getByLabelText('Shared text') as HTMLTextAreaElement).value).toBe('One idea for the week');
    expect(within(screen.getByRole('list', { name: 'Attached media' })).getByText('Harbour at dawn')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^LinkedIn/ }));
    expect((screen.getByLabelText('Text for LinkedIn') as HTMLTextAreaElement).value).toBe('One idea, told at length for LinkedIn');
    expect(screen.getByText('Edited for LinkedIn')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^YouTube/ }));
    expect((screen.getByLabelText('Video Title') as HTMLInputElement).value).toBe('The week in one video');
    expect((screen.getByLabelText('Video Visibility') as HTMLSelectElement).value).toBe('unlisted');

    const drafts = screen.getByRole('region', { name: 'Drafts' });
    const link = within(drafts).getByRole('link', { name: /One idea for the week/ });
    expect(link.getAttribute('href')).toBe('/compose?draft=c042');
    expect(link.getAttribute('aria-current')).toBe('true');

    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(lastWrite()[2]).toBe('c042');
    expect(lastWrite()[3]).toMatchObject({
      channels: ['x', 'linkedin', 'youtube'],
      versions: { linkedin: 'One idea, told at length for LinkedIn' },
      videoTitle: 'The week in one video',
      visibility: 'unlisted',
      tags: 'week, idea',
    });
  });

  it('deletes the draft once its idea went out, and leaves the address', async () => {
    state.drafts.set('c042', { ...saved, channels: ['x'], media: [], versions: {} });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X']));
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.deleted).toEqual(['c042']));
    await waitFor(() => expect(address()).toBe('/compose'));
  });
});
