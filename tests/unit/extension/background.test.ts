import {
  panelIntentStorage,
  pendingSignInStorage,
  sentSelectionStorage,
} from '@core/extension-storage';
import { removeAllListeners, type PageContext } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { UNREADABLE_REASONS } from '../../../entrypoints/background/active-page-context';
import {
  SEND_SELECTION_MENU,
  USE_IMAGE_MENU,
  WRITE_POST_MENU,
  handleContextMenuClick,
} from '../../../entrypoints/background/context-menu';
import { registerBackground } from '../../../entrypoints/background/register';
import { extractPageContext } from '../../../entrypoints/content/page-context';

/** Runs the runtime.onMessage listeners as the browser does: message, sender, sendResponse. */
function deliver(
  message: unknown,
  sender: object,
  sendResponse: (response: never) => void,
): Promise<unknown> {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  return trigger(message, sender, sendResponse);
}

type Tab = Parameters<typeof handleContextMenuClick>[1] & object;
type ClickData = Parameters<typeof handleContextMenuClick>[0];

const article: PageContext = {
  readable: true,
  title: 'How to paint light',
  url: 'https://example.com/light',
  selection: 'Light is a colour',
  description: 'Notes on light in painting.',
  images: [{ src: 'https://example.com/a.jpg', width: 1200, height: 800, alt: 'A window' }],
};

function tab(overrides: Partial<Tab> = {}): Tab {
  return {
    id: 7,
    windowId: 3,
    index: 0,
    url: 'https://example.com/light',
    title: 'How to paint light',
    active: true,
    ...overrides,
  } as Tab;
}

function click(overrides: Partial<ClickData> = {}): ClickData {
  return {
    menuItemId: SEND_SELECTION_MENU.id,
    editable: false,
    pageUrl: 'https://example.com/light',
    selectionText: '  Light is a colour ',
    ...overrides,
  } as ClickData;
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
  return vi
    .spyOn(fakeBrowser.tabs, 'sendMessage')
    .mockImplementation(((
      _tabId: number,
      _message: unknown,
      _options: unknown,
      reply: (r: unknown) => void,
    ) => reply(answer)) as never);
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

  it('adds its three context-menu entries when installed: the page, the selection and web images', async () => {
    const create = vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    registerBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(create.mock.calls.map(([entry]) => entry)).toEqual([
      {
        id: 'muse-write-post',
        title: 'Write a post about this page',
        contexts: ['page', 'selection'],
      },
      {
        id: 'muse-send-selection',
        title: 'Send selection to Muse Studio',
        contexts: ['selection'],
      },
      {
        id: 'muse-use-image',
        title: 'Use this image in Muse Studio',
        contexts: ['image'],
        targetUrlPatterns: ['http://*/*', 'https://*/*'],
      },
    ]);
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
    void handleContextMenuClick(click(), tab(), { now: () => 1 });
    expect(sidePanel.open).toHaveBeenCalledTimes(1);
  });

  it('records when the selection was sent', async () => {
    await handleContextMenuClick(click(), tab(), { now: () => 1_700_000_000_000 });
    expect((await sentSelectionStorage.getValue())?.sentAt).toBe(1_700_000_000_000);
  });

  it('keeps the selection even when the panel cannot open', async () => {
    sidePanel.open.mockRejectedValue(new Error('user gesture required'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await handleContextMenuClick(click({ selectionText: 'kept' }), tab());
    expect((await sentSelectionStorage.getValue())?.text).toBe('kept');
  });

  it('"Write a post about this page" leaves the panel a writePost intent with the page and any selection, and opens it', async () => {
    await handleContextMenuClick(click({ menuItemId: WRITE_POST_MENU.id }), tab(), {
      now: () => 42,
      newId: () => 'intent-1',
    });
    expect(await panelIntentStorage.getValue()).toEqual({
      id: 'intent-1',
      kind: 'writePost',
      pageUrl: 'https://example.com/light',
      pageTitle: 'How to paint light',
      selection: 'Light is a colour',
      createdAt: 42,
    });
    expect(sidePanel.open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it('"Write a post about this page" works without a selection', async () => {
    await handleContextMenuClick(
      click({ menuItemId: WRITE_POST_MENU.id, selectionText: undefined }),
      tab(),
    );
    expect(await panelIntentStorage.getValue()).toMatchObject({ kind: 'writePost', selection: '' });
  });

  it('"Use this image in Muse Studio" leaves the panel the image address as a useImage intent, and opens it', async () => {
    await handleContextMenuClick(
      click({
        menuItemId: USE_IMAGE_MENU.id,
        selectionText: undefined,
        srcUrl: 'https://cdn.example.com/window.jpg',
        mediaType: 'image',
      }),
      tab(),
      {
        now: () => 7,
        newId: () => 'intent-2',
      },
    );
    expect(await panelIntentStorage.getValue()).toEqual({
      id: 'intent-2',
      kind: 'useImage',
      imageUrl: 'https://cdn.example.com/window.jpg',
      pageUrl: 'https://example.com/light',
      pageTitle: 'How to paint light',
      createdAt: 7,
    });
    expect(sidePanel.open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it.each([
    ['another menu item', click({ menuItemId: 'something-else' })],
    ['a blank selection', click({ selectionText: '   ' })],
    ['no selection at all', click({ selectionText: undefined })],
    [
      'an image without a web address',
      click({ menuItemId: USE_IMAGE_MENU.id, srcUrl: 'data:image/png;base64,AAAA' }),
    ],
  ])('ignores %s', async (_case, info) => {
    await handleContextMenuClick(info, tab());
    expect(await sentSelectionStorage.getValue()).toBeNull();
    expect(await panelIntentStorage.getValue()).toBeNull();
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

    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({
      res: article,
    });
    expect(query).toHaveBeenCalledWith({ active: true, windowId: 3 });
    expect(sendMessage).toHaveBeenCalledWith(
      7,
      expect.objectContaining({ type: 'getPageContext' }),
      undefined,
      expect.any(Function),
    );
  });

  it('injects the same extraction into tabs opened before the extension (no content script)', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers(undefined);
    const executeScript = vi
      .spyOn(fakeBrowser.scripting, 'executeScript')
      .mockResolvedValue([{ frameId: 0, result: article, documentId: 'd' }] as never);

    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual({
      res: article,
    });
    expect(executeScript).toHaveBeenCalledWith({
      target: { tabId: 7 },
      func: extractPageContext,
      args: [
        {
          images: 10,
          selectionChars: 10_000,
          titleChars: 300,
          descriptionChars: 500,
          altChars: 200,
        },
      ],
    });
  });

  /** What the panel gets for a page it cannot read: the tab's own title and address, and why. */
  const unreadable = (reason: string, overrides: Partial<PageContext> = {}) => ({
    res: {
      readable: false,
      reason,
      title: 'How to paint light',
      url: 'https://example.com/light',
      selection: '',
      description: '',
      images: [],
      ...overrides,
    },
  });

  it.each([
    ['a browser settings page', 'chrome://settings', UNREADABLE_REASONS.browserPage],
    [
      "an extension's page",
      'chrome-extension://abc/sidepanel.html',
      UNREADABLE_REASONS.browserPage,
    ],
    ['page source', 'view-source:https://example.com/light', UNREADABLE_REASONS.browserPage],
    ['a new tab', 'about:blank', UNREADABLE_REASONS.browserPage],
    [
      'the Chrome Web Store',
      'https://chromewebstore.google.com/detail/muse/abc',
      UNREADABLE_REASONS.store,
    ],
    [
      'the old Web Store',
      'https://chrome.google.com/webstore/detail/abc',
      UNREADABLE_REASONS.store,
    ],
    [
      "Firefox's add-ons site",
      'https://addons.mozilla.org/en-US/firefox/addon/muse/',
      UNREADABLE_REASONS.store,
    ],
  ])('says %s cannot be read, without asking it', async (_case, url, reason) => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab({ url })]);
    const sendMessage = contentScriptAnswers({ res: article });
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual(
      unreadable(reason, { url }),
    );
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('says the page cannot be read when neither the content script nor injection can read it', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers(undefined);
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(
      new Error('Cannot access contents of the page'),
    );
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual(
      unreadable(UNREADABLE_REASONS.noAnswer),
    );
  });

  it("says Firefox's own pages (about:addons, whose address Firefox hides from the extension) are browser pages", async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
      tab({ url: undefined, title: undefined }),
    ]);
    contentScriptAnswers(undefined);
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(
      new Error('Missing host permission for the tab'),
    );
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual(
      unreadable(UNREADABLE_REASONS.browserPage, { url: '', title: '' }),
    );
  });

  it('says a PDF the browser shows cannot be read when it does not answer', async () => {
    const url = 'https://example.com/reports/annual.pdf';
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab({ url, title: 'annual.pdf' })]);
    contentScriptAnswers(undefined);
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(
      new Error('Cannot access contents of the page'),
    );
    expect(await sendToBackground('getActivePageContext', { windowId: 3 })).toEqual(
      unreadable(UNREADABLE_REASONS.pdf, { url, title: 'annual.pdf' }),
    );
  });

  it('does not pass on an answer that is not a page context', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab()]);
    contentScriptAnswers({ res: { title: 42 } });
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockResolvedValue([
      {
        frameId: 0,
        result: { ...article, images: ['https://example.com/a.jpg'] },
        documentId: 'd',
      },
    ] as never);
    expect(await sendToBackground('getActivePageContext', {})).toEqual(
      unreadable(UNREADABLE_REASONS.noAnswer),
    );
  });

  it('uses the last focused window when the panel does not say which, and says when no page is open', async () => {
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([]);
    expect(await sendToBackground('getActivePageContext', {})).toEqual(
      unreadable(UNREADABLE_REASONS.noTab, { title: '', url: '' }),
    );
    expect(query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
  });
});

describe('dashboardSignInCode message', () => {
  const code = 'A'.repeat(43);
  const dashboard = 'http://127.0.0.1:5173';
  /** What the browser reports for a message from this extension's content script in a top-level tab. */
  const fromTab = (url: string, overrides: object = {}) => ({
    id: fakeBrowser.runtime.id,
    url,
    frameId: 0,
    tab: { id: 7, url },
    ...overrides,
  });

  function sendFrom(sender: object, data: unknown): Promise<{ res?: unknown }> {
    return new Promise((resolve) => {
      void deliver(
        { id: 1, type: 'dashboardSignInCode', data, timestamp: Date.now() },
        sender,
        resolve,
      );
    });
  }

  beforeEach(() => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    registerBackground(dashboard);
  });

  it('keeps a code from the dashboard tab for the panel to redeem', async () => {
    expect(await sendFrom(fromTab(`${dashboard}/extension-sign-in`), { code })).toEqual({
      res: true,
    });
    expect(await pendingSignInStorage.getValue()).toMatchObject({ code });
  });

  it.each([
    ['another site', fromTab('https://evil.example/extension-sign-in')],
    ['a frame inside the dashboard', fromTab(`${dashboard}/`, { frameId: 3 })],
    ['another extension', fromTab(`${dashboard}/`, { id: 'someone-else' })],
  ])('refuses a code from %s', async (_case, sender) => {
    expect(await sendFrom(sender, { code })).toEqual({ res: false });
    expect(await pendingSignInStorage.getValue()).toBeNull();
  });

  it('refuses something that is not a sign-in code', async () => {
    expect(await sendFrom(fromTab(`${dashboard}/`), { code: 'not a code' })).toEqual({
      res: false,
    });
    expect(await pendingSignInStorage.getValue()).toBeNull();
  });
});
