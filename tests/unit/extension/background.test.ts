import { sentSelectionStorage } from '@core/extension-storage';
import { removeAllListeners, type PageContext } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { SEND_SELECTION_MENU, handleContextMenuClick } from '../../../entrypoints/background/context-menu';
import { registerBackground } from '../../../entrypoints/background/register';
import { extractPageContext } from '../../../entrypoints/content/page-context';

/** Runs the runtime.onMessage listeners as the browser does: message, sender, sendResponse. */
function deliver(message: unknown, sender: object, sendResponse: (response: never) => void): Promise<unknown> {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  return trigger(message, sender, sendResponse);
}

type Tab = Parameters<typeof handleContextMenuClick>[1] & object;
type ClickData = Parameters<typeof handleContextMenuClick>[0];

const article: PageContext = {
  title: 'How to paint light',
  url: 'https://example.com/light',
  selection: 'Light is a colour',
  images: ['https://example.com/a.jpg'],
};

function tab(overrides: Partial<Tab> = {}): Tab {
  return { id: 7, windowId: 3, index: 0, url: 'https://example.com/light', title: 'How to paint light', active: true, ...overrides } as Tab;
}

function click(overrides: Partial<ClickData> = {}): ClickData {
  return { menuItemId: SEND_SELECTION_MENU.id, editable: false, pageUrl: 'https://example.com/light', selectionText: '  Light is a colour ', ...overrides } as ClickData;
}

const sidePanel = { open: vi.fn(), setPanelBehavior: vi.fn() };

/** Delivers a protocol message the way the browser would, and resolves with the envelope sent back. */
function sendToBackground(type: string, data: unknown): Promise<{ res?: unknown; err?: unknown }> {
  return new Promise((resolve) => {
    void deliver({ id: 1, type, data, timestamp: Date.now() }, {}, resolve);
  });
}

/** The content script's side of chrome.tabs.sendMessage (the messaging library uses the callback form). */
function contentScriptAnswers(answer: { res: unknown } | undefined) {
  return vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(((_tabId: number, _message: unknown, _options: unknown, reply: (r: unknown) => void) => reply(answer)) as never);
}

beforeEach(() => {
  fakeBrowser.reset();
  sidePanel.open.mockReset().mockResolvedValue(undefined);
  sidePanel.setPanelBehavior.mockReset().mockResolvedValue(undefined);
  Object.assign(fakeBrowser, { sidePanel });
});

afterEach(() => {
  removeAllListeners();
  Reflect.deleteProperty(fakeBrowser, 'sidePanel');
});

describe('toolbar button and context menu', () => {
  it('makes the toolbar button open the side panel', () => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    registerBackground();
    expect(sidePanel.setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: true });
  });

  it('adds "Send selection to Muse Studio" for selected text when installed', async () => {
    const create = vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    registerBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(create).toHaveBeenCalledWith({ id: 'muse-send-selection', title: 'Send selection to Muse Studio', contexts: ['selection'] });
  });

  it('stores the clicked selection and opens the side panel in that window', async () => {
    let onClicked: ((info: ClickData, tab?: Tab) => void) | undefined;
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation((listener) => {
      onClicked = listener as typeof onClicked;
    });
    registerBackground();

    onClicked?.(click(), tab());

    await vi.waitFor(async () => {
      expect(await sentSelectionStorage.getValue()).toMatchObject({
        text: 'Light is a colour',
        pageUrl: 'https://example.com/light',
        pageTitle: 'How to paint light',
      });
    });
    expect(sidePanel.open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it('opens the panel before its first await, while the click still counts as a user gesture', () => {
    void handleContextMenuClick(click(), tab(), () => 1);
    expect(sidePanel.open).toHaveBeenCalledTimes(1);
  });

  it('records when the selection was sent', async () => {
    await handleContextMenuClick(click(), tab(), () => 1_700_000_000_000);
    expect((await sentSelectionStorage.getValue())?.sentAt).toBe(1_700_000_000_000);
  });

  it('keeps the selection even when the panel cannot open', async () => {
    sidePanel.open.mockRejectedValue(new Error('user gesture required'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await handleContextMenuClick(click({ selectionText: 'kept' }), tab());
    expect((await sentSelectionStorage.getValue())?.text).toBe('kept');
  });

  it.each([
    ['another menu item', click({ menuItemId: 'something-else' })],
    ['a blank selection', click({ selectionText: '   ' })],
    ['no selection at all', click({ selectionText: undefined })],
  ])('ignores %s', async (_case, info) => {
    await handleContextMenuClick(info, tab());
    expect(await sentSelectionStorage.getValue()).toBeNull();
    expect(sidePanel.open).not.toHaveBeenCalled();
  });
});

describe('getActivePageContext message', () => {
  beforeEach(() => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    registerBackground();
  });

  it("answers with the content script's page context for the active tab of the panel's window", async () => {
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    const sendMessage = contentScriptAnswers({ res: article });

    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({ res: article });
    expect(query).toHaveBeenCalledWith({ active: true, windowId: 3 });
    expect(sendMessage).toHaveBeenCalledWith(7, expect.objectContaining({ type: 'getPageContext' }), undefined, expect.any(Function));
  });

  it('injects the same extraction into tabs opened before the extension (no content script)', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers(undefined);
    const executeScript = vi.spyOn(fakeBrowser.scripting, 'executeScript').mockResolvedValue([{ frameId: 0, result: article, documentId: 'd' }] as never);

    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({ res: article });
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId: 7 }, func: extractPageContext, args: [{ images: 10, selectionChars: 10_000, titleChars: 300 }] });
  });

  it.each(['chrome://settings', 'chrome-extension://abc/sidepanel.html', 'view-source:https://example.com/light'])('answers null without asking a page the browser keeps closed (%s)', async (url) => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab({ url })]);
    const sendMessage = contentScriptAnswers({ res: article });
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({ res: null });
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('answers null when neither the content script nor injection can read the page', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers(undefined);
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(new Error('Cannot access contents of the page'));
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({ res: null });
  });

  it('does not pass on an answer that is not a page context', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers({ res: { title: 42 } });
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockResolvedValue([{ frameId: 0, result: { images: 'nope' }, documentId: 'd' }] as never);
    expect(await sendToBackground('getActivePageContext', {})).toEqual({ res: null });
  });

  it('uses the last focused window when the panel does not say which', async () => {
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([]);
    expect(await sendToBackground('getActivePageContext', {})).toEqual({ res: null });
    expect(query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
  });
});
