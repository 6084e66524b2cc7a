// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, type DraftFields } from '@core/data/draft';
import type { SocialConnection } from '@core/social-connections';
import type { SidePanelServices } from '../../../entrypoints/sidepanel/firebase';
import type { PanelDraft } from '../../../entrypoints/sidepanel/hooks/use-panel-draft';

// The panel's Write a post card sends one draft to several channels, as the dashboard's Compose does: each
// chosen channel's checks, one post group, and schedule times read in the workspace's time zone.

const state = vi.hoisted(() => ({
  publish: [] as Record<string, unknown>[],
  refuse: new Set<string>(),
  zone: 'UTC',
  connections: null as Record<string, SocialConnection> | null,
}));

vi.mock('@core/firebase/call', async (load) => ({
  ...(await load<object>()),
  callFunction: (_functions: unknown, name: string, input: Record<string, unknown>) => {
    if (name === 'publishPost') {
      state.publish.push(input);
      if (state.refuse.has(input.platform as string))
        return Promise.reject(
          new FirebaseError('functions/failed-precondition', 'LinkedIn refused the post. [400]'),
        );
      return Promise.resolve({ postId: `post-${input.platform as string}`, status: 'queued' });
    }
    if (name === 'getPlatformProfile')
      return Promise.resolve({
        authors: [{ urn: 'urn:li:person:me', name: 'Ada', kind: 'person' }],
      });
    return Promise.reject(new Error(`unexpected ${name}`));
  },
}));
vi.mock('../../../entrypoints/sidepanel/hooks/use-panel-reads', async (load) => ({
  ...(await load<object>()),
  useRecentDrafts: () => [],
  useTextModels: () => ({ configured: null, preferred: 'gpt-5-mini' }),
  useChannelConnections: () => state.connections,
  useWorkspaceTimeZone: () => state.zone,
}));
vi.mock('../../../entrypoints/sidepanel/components/post-outcome', () => ({
  PostOutcome: ({ postId, label }: { postId: string; label?: string }) => (
    <p role="status">{`${label ?? 'Last'}: sent ${postId}`}</p>
  ),
}));

const { WritePostCard } = await import('../../../entrypoints/sidepanel/components/write-post-card');

const services = {
  clients: { db: {}, functions: {} },
  dashboardUrl: 'http://127.0.0.1:5173',
} as unknown as SidePanelServices;
const connected: SocialConnection = { state: 'connected', expiresInDays: null };

function Card() {
  const [s, setS] = useState<{ id: string | null; fields: DraftFields }>({
    id: null,
    fields: emptyDraft('x'),
  });
  const draft: PanelDraft = {
    ready: true,
    id: s.id,
    fields: s.fields,
    saveState: 'idle',
    update: (patch) => setS((x) => ({ ...x, fields: { ...x.fields, ...patch } })),
    saveNow: () => Promise.resolve(s.id),
    open: () => Promise.resolve(true),
    startNew: (platform) => setS({ id: null, fields: emptyDraft(platform) }),
    finish: () => {
      setS((x) => ({ id: null, fields: emptyDraft(x.fields.platform) }));
      return Promise.resolve();
    },
  };
  return <WritePostCard services={services} uid="u1" page={null} draft={draft} />;
}

const also = () => within(screen.getByRole('group', { name: 'Also send to' }));

describe('the panel sending one draft to several channels', () => {
  beforeEach(() => {
    state.connections = {
      x: connected,
      linkedin: connected,
      reddit: { state: 'needs-connect', expiresInDays: null },
      youtube: connected,
    };
    state.zone = 'UTC';
  });
  afterEach(() => {
    cleanup();
    state.publish = [];
    state.refuse.clear();
    vi.useRealTimers();
  });

  it('offers only connected channels and says why the others cannot be chosen', () => {
    render(<Card />);
    expect((also().getByRole('checkbox', { name: 'LinkedIn' }) as HTMLInputElement).disabled).toBe(
      false,
    );
    expect((also().getByRole('checkbox', { name: 'Reddit' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(also().getByText('Not connected')).toBeTruthy();
    expect(also().queryByRole('checkbox', { name: 'X' })).toBeNull();
  });

  it("runs each chosen channel's checks and says which fails and why", async () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), {
      target: { value: 'One idea for two channels' },
    });
    fireEvent.click(also().getByRole('checkbox', { name: 'LinkedIn' }));
    const checks = within(screen.getByRole('list', { name: 'Checks per channel' }));
    expect(checks.getByText('X: ready')).toBeTruthy();
    expect(checks.getByText('LinkedIn cannot post yet:')).toBeTruthy();
    expect(checks.getByRole('list', { name: 'LinkedIn problems' }).textContent).toMatch(
      /post from|author/i,
    );
    expect((screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'x'.repeat(281) } });
    await waitFor(() => expect(checks.getByRole('list', { name: 'X problems' })).toBeTruthy());
  });

  it('sends to every chosen channel as one post group, each with its own fields', async () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), {
      target: { value: 'One idea for two channels' },
    });
    fireEvent.click(also().getByRole('checkbox', { name: 'LinkedIn' }));
    const author = await screen.findByRole('option', { name: 'Ada (you)' });
    fireEvent.change(author.closest('select')!, { target: { value: 'urn:li:person:me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));

    await waitFor(() => expect(screen.getByText('LinkedIn: sent post-linkedin')).toBeTruthy());
    expect(screen.getByText('X: sent post-x')).toBeTruthy();
    expect(state.publish.map((p) => p.platform)).toEqual(['x', 'linkedin']);
    const [x, linkedin] = state.publish as [Record<string, unknown>, Record<string, unknown>];
    expect(x.groupId).toBeTruthy();
    expect(linkedin.groupId).toBe(x.groupId);
    expect(linkedin.requestId).not.toBe(x.requestId);
    expect(linkedin).toMatchObject({
      text: 'One idea for two channels',
      author: 'urn:li:person:me',
    });
    expect(x).not.toHaveProperty('author');
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the draft for the channel that refused it, and says why', async () => {
    state.refuse.add('linkedin');
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Half goes out' } });
    fireEvent.click(also().getByRole('checkbox', { name: 'LinkedIn' }));
    fireEvent.change(
      (await screen.findByRole('option', { name: 'Ada (you)' })).closest('select')!,
      { target: { value: 'urn:li:person:me' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));

    await waitFor(() => expect(screen.getByText('X: sent post-x')).toBeTruthy());
    expect(screen.getByText(/LinkedIn refused the post\./)).toBeTruthy();
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe('Half goes out');
    expect((screen.getByRole('radio', { name: 'LinkedIn' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByRole('list', { name: 'Checks per channel' })).toBeNull();
  });

  it("reads the schedule time in the workspace's zone, not the browser's, and names it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    state.zone = 'Asia/Kolkata';
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Post text'), {
      target: { value: 'Planned in Kolkata' },
    });
    fireEvent.click(screen.getByLabelText('Schedule for later'));
    expect(screen.getByText('Times in Asia/Kolkata')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Schedule Date'), {
      target: { value: '2026-12-01T09:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(state.publish).toHaveLength(1));
    // 09:00 in Kolkata (UTC+05:30) is 03:30 UTC, whatever zone the browser is in.
    expect(state.publish[0]).toMatchObject({
      scheduledAt: '2026-12-01T03:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    });
  });
});
