// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, type DraftFields } from '@core/data/draft';
import type { SidePanelServices } from '../../../entrypoints/sidepanel/firebase';
import type { PanelDraft } from '../../../entrypoints/sidepanel/hooks/use-panel-draft';

// The panel's Write a post card after a post went out: the outcome is the last post's, and the next draft
// must not look already posted.

const calls = vi.hoisted(() => ({ publish: [] as unknown[] }));

vi.mock('@core/firebase/call', async (load) => ({
  ...(await load<object>()),
  callFunction: (_functions: unknown, name: string, input: unknown) => {
    if (name === 'publishPost') {
      calls.publish.push(input);
      return Promise.resolve({ postId: 'p1', status: 'queued' });
    }
    return Promise.reject(new Error(`unexpected ${name}`));
  },
}));
vi.mock('../../../entrypoints/sidepanel/hooks/use-panel-reads', async (load) => ({
  ...(await load<object>()),
  useRecentDrafts: () => [],
  useTextModels: () => ({ configured: null, preferred: 'gpt-5-mini' }),
  useChannelConnections: () => null,
  useWorkspaceTimeZone: () => 'UTC',
}));
// The outcome reads the post live from Firestore; here it is published.
vi.mock('../../../entrypoints/sidepanel/components/post-outcome', () => ({
  PostOutcome: ({ postId }: { postId: string }) => (
    <p role="status">{`Posted ${postId}. View post`}</p>
  ),
}));

const { WritePostCard } = await import('../../../entrypoints/sidepanel/components/write-post-card');

const services = {
  clients: { db: {}, functions: {} },
  dashboardUrl: 'http://127.0.0.1:5173',
} as unknown as SidePanelServices;

/** The panel's draft as state: what use-panel-draft does, without Firestore. */
function Card() {
  const [state, setState] = useState<{ id: string | null; fields: DraftFields }>({
    id: null,
    fields: emptyDraft('x'),
  });
  const draft: PanelDraft = {
    ready: true,
    id: state.id,
    fields: state.fields,
    saveState: 'idle',
    update: (patch) => setState((s) => ({ ...s, fields: { ...s.fields, ...patch } })),
    saveNow: () => Promise.resolve(state.id),
    open: () => Promise.resolve(true),
    startNew: (platform) => setState({ id: null, fields: emptyDraft(platform) }),
    finish: () => {
      setState((s) => ({ id: null, fields: emptyDraft(s.fields.platform) }));
      return Promise.resolve();
    },
  };
  return <WritePostCard services={services} uid="u1" page={null} draft={draft} />;
}

const outcome = () => screen.queryByText(/Posted p1/);

describe('the panel after a post', () => {
  afterEach(() => {
    cleanup();
    calls.publish = [];
  });

  it('shows the last post until the next draft is written, then drops it', async () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'The first post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(outcome()).not.toBeNull());
    expect(calls.publish).toHaveLength(1);
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'A different post' } });
    await waitFor(() => expect(outcome()).toBeNull());
  });

  it('drops the last post on New draft', async () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'The first post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(outcome()).not.toBeNull());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New draft' })));
    expect(outcome()).toBeNull();
  });
});
