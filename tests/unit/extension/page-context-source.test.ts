import { removeAllListeners, type PageContext } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createPageContextSource } from '../../../entrypoints/sidepanel/hooks/page-context-source';

const page = (title: string, selection = ''): PageContext => ({
  readable: true,
  title,
  url: `https://example.com/${title}`,
  selection,
  description: '',
  images: [],
});

/** The background's answers to getActivePageContext, in order (the messaging library uses the callback form). */
function backgroundAnswers(...answers: PageContext[]) {
  const queue = [...answers];
  return vi
    .spyOn(fakeBrowser.runtime, 'sendMessage')
    .mockImplementation(((_message: unknown, reply: (r: unknown) => void) =>
      reply({ res: queue.shift() ?? answers.at(-1) })) as never);
}

/** A content script's pageContextChanged, as the browser delivers it to the panel. */
function pushFrom(sender: object, context: PageContext) {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  return trigger(
    { id: 9, type: 'pageContextChanged', data: context, timestamp: Date.now() },
    sender,
    () => {},
  );
}

const fakeWindow = () =>
  ({ addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as Window;

beforeEach(() => {
  fakeBrowser.reset();
  // The fake reports an empty error after every call; the real browser sets none after a success.
  Object.defineProperty(fakeBrowser.runtime, 'lastError', {
    value: undefined,
    configurable: true,
    writable: true,
  });
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 3 } as never);
});

afterEach(() => removeAllListeners());

describe('the panel page context source', () => {
  it('asks the background for its window on the first reader, then shows the answer', async () => {
    const ask = backgroundAnswers(page('tides'));
    const source = createPageContextSource(fakeWindow());
    expect(source.get()).toEqual({ status: 'loading' });
    source.subscribe(() => {});
    await vi.waitFor(() =>
      expect(source.get()).toEqual({ status: 'ready', context: page('tides') }),
    );
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'getActivePageContext', data: { windowId: 3 } }),
      expect.any(Function),
    );
  });

  it('serves any number of readers with one set of listeners', async () => {
    backgroundAnswers(page('tides'));
    const source = createPageContextSource(fakeWindow());
    const a = vi.fn();
    const b = vi.fn();
    source.subscribe(a);
    source.subscribe(b);
    await vi.waitFor(() => expect(a).toHaveBeenCalled());
    expect(b).toHaveBeenCalled();
  });

  it("takes a pushed selection from its window's active tab at once", async () => {
    backgroundAnswers(page('tides'));
    const source = createPageContextSource(fakeWindow());
    source.subscribe(() => {});
    await vi.waitFor(() => expect(source.get()).toMatchObject({ status: 'ready' }));
    await pushFrom({ tab: { active: true, windowId: 3 }, frameId: 0 }, page('tides', 'High water'));
    expect(source.get()).toEqual({ status: 'ready', context: page('tides', 'High water') });
  });

  it.each([
    [
      'a tab of another window',
      { tab: { active: true, windowId: 4 }, frameId: 0 },
      page('other', 'x'),
    ],
    ['a background tab', { tab: { active: false, windowId: 3 }, frameId: 0 }, page('other', 'x')],
    [
      'a malformed context',
      { tab: { active: true, windowId: 3 }, frameId: 0 },
      { title: 42 } as unknown as PageContext,
    ],
  ])('ignores a push from %s', async (_case, sender, context) => {
    backgroundAnswers(page('tides'));
    const source = createPageContextSource(fakeWindow());
    source.subscribe(() => {});
    await vi.waitFor(() => expect(source.get()).toMatchObject({ status: 'ready' }));
    await pushFrom(sender, context);
    expect(source.get()).toEqual({ status: 'ready', context: page('tides') });
  });

  it('asks again when the user switches tab in its window, not in another', async () => {
    const ask = backgroundAnswers(page('tides'), page('harbours'));
    const source = createPageContextSource(fakeWindow());
    source.subscribe(() => {});
    await vi.waitFor(() => expect(source.get()).toMatchObject({ status: 'ready' }));
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 8, windowId: 4 });
    expect(ask).toHaveBeenCalledTimes(1);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 9, windowId: 3 });
    await vi.waitFor(() =>
      expect(source.get()).toEqual({ status: 'ready', context: page('harbours') }),
    );
  });

  it('says the page cannot be read when the background does not answer', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((
      _message: unknown,
      reply: (r: unknown) => void,
    ) => reply({ err: { message: 'gone' } })) as never);
    const source = createPageContextSource(fakeWindow());
    source.subscribe(() => {});
    await vi.waitFor(() =>
      expect(source.get()).toMatchObject({ status: 'ready', context: { readable: false } }),
    );
  });

  it('stops listening when its last reader leaves', async () => {
    backgroundAnswers(page('tides'));
    const win = fakeWindow();
    const source = createPageContextSource(win);
    const stopA = source.subscribe(() => {});
    const stopB = source.subscribe(() => {});
    stopA();
    expect(win.removeEventListener).not.toHaveBeenCalled();
    stopB();
    expect(win.removeEventListener).toHaveBeenCalledWith('focus', expect.any(Function));
  });
});
