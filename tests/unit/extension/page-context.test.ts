// @vitest-environment jsdom
import { PAGE_CONTEXT_LIMITS, removeAllListeners } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import contentScript from '../../../entrypoints/content/index';
import { extractPageContext } from '../../../entrypoints/content/page-context';

/** Runs the runtime.onMessage listeners as the browser does: message, sender, sendResponse. */
function deliver(message: unknown, sender: object, sendResponse: (response: never) => void): Promise<unknown> {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  return trigger(message, sender, sendResponse);
}

function page(html: string, title = 'Field notes') {
  document.head.innerHTML = '';
  document.title = title;
  document.body.innerHTML = html;
}

function select(node: Node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

beforeEach(() => {
  fakeBrowser.reset();
  window.history.replaceState({}, '', '/notes/field?ref=1');
  window.getSelection()?.removeAllRanges();
});

afterEach(() => removeAllListeners());

describe('extractPageContext', () => {
  it('reads the title, the address and the selected text', () => {
    page('<p id="p">  Light falls on the <b>north</b> wall. </p>');
    select(document.getElementById('p')!);
    expect(extractPageContext(PAGE_CONTEXT_LIMITS)).toEqual({
      title: 'Field notes',
      url: `${location.origin}/notes/field?ref=1`,
      selection: 'Light falls on the north wall.',
      images: [],
    });
  });

  it('lists only large images, once each, as absolute addresses in page order', () => {
    page(`
      <img src="/img/hero.jpg" width="1200" height="600">
      <img src="https://cdn.example.com/icon.png" width="32" height="32">
      <img src="https://cdn.example.com/banner.png" width="900" height="90">
      <img src="data:image/png;base64,AAAA" width="400" height="400">
      <img src="photos/side.webp" width="300" height="300">
      <img src="/img/hero.jpg" width="1200" height="600">
    `);
    expect(extractPageContext(PAGE_CONTEXT_LIMITS).images).toEqual([`${location.origin}/img/hero.jpg`, `${location.origin}/notes/photos/side.webp`]);
  });

  it('stops at 10 images', () => {
    page(Array.from({ length: 14 }, (_, i) => `<img src="/p/${i}.jpg" width="400" height="300">`).join(''));
    const { images } = extractPageContext(PAGE_CONTEXT_LIMITS);
    expect(images).toHaveLength(10);
    expect(images[9]).toBe(`${location.origin}/p/9.jpg`);
  });

  it('reads a selection inside a text box', () => {
    page('<textarea id="t">Draft: a quiet harbour at dawn</textarea>');
    const box = document.getElementById('t') as HTMLTextAreaElement;
    box.focus();
    box.setSelectionRange(7, 30);
    expect(extractPageContext(PAGE_CONTEXT_LIMITS).selection).toBe('a quiet harbour at dawn');
  });

  it('falls back to the og:title, then to the host, for a page without a title', () => {
    page('<p>x</p>', '');
    document.head.innerHTML = '<meta property="og:title" content="Shared title">';
    expect(extractPageContext(PAGE_CONTEXT_LIMITS).title).toBe('Shared title');
    document.head.innerHTML = '';
    expect(extractPageContext(PAGE_CONTEXT_LIMITS).title).toBe(location.hostname);
  });

  it('cuts a long title and a long selection to the limits', () => {
    page(`<p id="p">${'word '.repeat(3000)}</p>`, 'T'.repeat(400));
    select(document.getElementById('p')!);
    const context = extractPageContext(PAGE_CONTEXT_LIMITS);
    expect(context.title).toHaveLength(PAGE_CONTEXT_LIMITS.titleChars);
    expect(context.selection).toHaveLength(PAGE_CONTEXT_LIMITS.selectionChars);
  });

  it('still works from its own source text, as scripting.executeScript injects it', () => {
    page('<p id="p">Injected</p><img src="/big.png" width="500" height="500">');
    select(document.getElementById('p')!);
    const injected = new Function(`return (${extractPageContext.toString()})`)() as typeof extractPageContext;
    expect(injected(PAGE_CONTEXT_LIMITS)).toEqual(extractPageContext(PAGE_CONTEXT_LIMITS));
  });
});

describe('content script', () => {
  it('answers getPageContext with the page it runs in', async () => {
    page('<p id="p">Send this</p>');
    select(document.getElementById('p')!);
    contentScript.main({} as never);

    const reply = await new Promise((resolve) => {
      void deliver({ id: 1, type: 'getPageContext', timestamp: Date.now() }, {}, resolve);
    });
    expect(reply).toEqual({ res: expect.objectContaining({ title: 'Field notes', selection: 'Send this', images: [] }) });
  });

  it('runs on every page', () => {
    expect(contentScript.matches).toEqual(['<all_urls>']);
  });
});
