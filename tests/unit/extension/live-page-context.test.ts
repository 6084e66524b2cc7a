// @vitest-environment jsdom
import { EXTENSION_SIGN_IN_MESSAGE, EXTENSION_SIGN_IN_RECEIVED } from '@core/extension-bridge';
import { PAGE_CONTEXT_LIMITS, unreadablePage, type PageContext } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDashboardSignIn } from '../../../entrypoints/content/dashboard-sign-in';
import { extractPageContext } from '../../../entrypoints/content/page-context';
import {
  pushPageContextChanges,
  SELECTION_DEBOUNCE_MS,
} from '../../../entrypoints/content/push-page-context';
import { isFromActiveTab } from '../../../entrypoints/sidepanel/hooks/page-context-source';
import { isFresh } from '../../../entrypoints/sidepanel/hooks/use-dashboard-session';

function select(node: Node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
}

const selectionChanged = () => document.dispatchEvent(new Event('selectionchange'));

describe('the content script pushes page changes to the panel', () => {
  let sent: PageContext[];
  let stop: () => void;
  const send = (context: PageContext) => {
    sent.push(context);
    return Promise.resolve();
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    sent = [];
    document.title = 'Tides';
    document.body.innerHTML =
      '<p id="a">High water comes twice a day.</p><p id="b">Low water follows.</p>';
    window.getSelection()?.removeAllRanges();
    stop = pushPageContextChanges(document, window, send);
    // The announcement on start (its own test below); the other tests watch what follows it.
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    sent.length = 0;
  });

  it('announces the page once when it starts, so a panel whose first question timed out catches up', async () => {
    stop();
    stop = pushPageContextChanges(document, window, send);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent).toEqual([extractPageContext(PAGE_CONTEXT_LIMITS)]);
    expect(sent[0]).toMatchObject({ readable: true, title: 'Tides', selection: '' });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends the page with its new selection once the selection rests', async () => {
    select(document.getElementById('a')!);
    selectionChanged();
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent).toEqual([extractPageContext(PAGE_CONTEXT_LIMITS)]);
    expect(sent[0]?.selection).toBe('High water comes twice a day.');
  });

  it('sends one message for a whole drag, with where it ended', async () => {
    select(document.getElementById('a')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS / 2);
    select(document.getElementById('b')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent.map((c) => c.selection)).toEqual(['Low water follows.']);
  });

  it('does not send the same page twice', async () => {
    select(document.getElementById('a')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends a cleared selection too', async () => {
    select(document.getElementById('a')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    window.getSelection()!.removeAllRanges();
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent.map((c) => c.selection)).toEqual(['High water comes twice a day.', '']);
  });

  it('stays quiet while the tab is in the background', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    select(document.getElementById('a')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(sent).toHaveLength(0);
    visibility.mockRestore();
  });

  it('sends again after a send no panel received', async () => {
    stop();
    const failing = vi.fn((_context: PageContext) =>
      Promise.reject(new Error('Receiving end does not exist')),
    );
    stop = pushPageContextChanges(document, window, failing);
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    failing.mockClear();
    select(document.getElementById('a')!);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    selectionChanged();
    await vi.advanceTimersByTimeAsync(SELECTION_DEBOUNCE_MS);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

describe('the panel keeps only pushes about its own page', () => {
  it.each([
    ['the active tab of its window', { tab: { active: true, windowId: 3 }, frameId: 0 }, true],
    ['a background tab', { tab: { active: false, windowId: 3 }, frameId: 0 }, false],
    ['the active tab of another window', { tab: { active: true, windowId: 4 }, frameId: 0 }, false],
    ['a frame inside the page', { tab: { active: true, windowId: 3 }, frameId: 2 }, false],
    ['no tab at all', {}, false],
  ])('%s: %s', (_case, sender, kept) => {
    expect(isFromActiveTab(sender, 3)).toBe(kept);
  });
});

describe('the dashboard hands the extension a sign-in code', () => {
  const code = 'B'.repeat(43);
  let stop: () => void;

  afterEach(() => stop());

  /** Posts as the dashboard page does, and waits for message delivery. */
  async function postFromPage(data: unknown, origin = window.location.origin) {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it("passes the dashboard's code to the background and tells the page", async () => {
    const send = vi.fn(() => Promise.resolve(true));
    const posted = vi.spyOn(window, 'postMessage');
    stop = watchDashboardSignIn(window, `${window.location.origin}/`, send);
    await postFromPage({ type: EXTENSION_SIGN_IN_MESSAGE, code });
    expect(send).toHaveBeenCalledWith(code);
    expect(posted).toHaveBeenCalledWith(
      { type: EXTENSION_SIGN_IN_RECEIVED },
      window.location.origin,
    );
  });

  it.each([
    [
      'on any other site',
      'https://evil.example',
      window.location.origin,
      { type: EXTENSION_SIGN_IN_MESSAGE, code },
    ],
    [
      'from a message of another origin',
      undefined,
      'https://evil.example',
      { type: EXTENSION_SIGN_IN_MESSAGE, code },
    ],
    [
      'for something that is not a code',
      undefined,
      window.location.origin,
      { type: EXTENSION_SIGN_IN_MESSAGE, code: 'x' },
    ],
    ['for another message', undefined, window.location.origin, { type: 'hello', code }],
  ])('ignores a code %s', async (_case, dashboard, origin, data) => {
    const send = vi.fn(() => Promise.resolve(true));
    stop = watchDashboardSignIn(window, dashboard ?? window.location.origin, send);
    await postFromPage(data, origin);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('a code the dashboard handed over', () => {
  it.each([
    ['just received', 1_000, true],
    ['59 seconds old', 60_000 - 1, true],
    ['a minute old', 60_000, false],
  ])('is redeemable when %s', (_case, age, fresh) => {
    expect(isFresh({ code: 'c', receivedAt: 1_000_000 }, 1_000_000 + age)).toBe(fresh);
  });

  it('is not there when none was handed over', () => {
    expect(isFresh(null, 0)).toBe(false);
  });
});

describe('an unreadable page', () => {
  it('keeps the tab title and address and says why', () => {
    expect(unreadablePage('Because.', { title: 'Settings', url: 'chrome://settings' })).toEqual({
      readable: false,
      reason: 'Because.',
      title: 'Settings',
      url: 'chrome://settings',
      selection: '',
      description: '',
      images: [],
    });
  });
});
