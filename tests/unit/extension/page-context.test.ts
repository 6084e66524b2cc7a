// @vitest-environment jsdom
import { isPageContext, PAGE_CONTEXT_LIMITS, removeAllListeners } from '@core/messaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import contentScript from '../../../entrypoints/content/index';
import { extractPageContext } from '../../../entrypoints/content/page-context';
import { lazyBlog, newsArticle, noOgTags, productPage, veryLongPage } from './fixtures/pages';

/** Runs the runtime.onMessage listeners as the browser does: message, sender, sendResponse. */
function deliver(
  message: unknown,
  sender: object,
  sendResponse: (response: never) => void,
): Promise<unknown> {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  return trigger(message, sender, sendResponse);
}

function page(html: string, title = 'Field notes') {
  document.head.innerHTML = '';
  document.title = title;
  document.body.innerHTML = html;
}

/** Loads a whole recorded document (fixtures/pages.ts) as the current page. */
function load(html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}

function select(node: Node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Runs the content script on the page as the browser does, on a fake clock, and returns what takes back the
 * listeners and the timer it leaves on the page, so the next file in this worker's jsdom
 * (tests/unit/extension/vitest.config.ts) hears nothing from it.
 */
function runContentScript(): () => void {
  vi.useFakeTimers();
  const targets = [document, window];
  const adds = targets.map((target) => vi.spyOn(target, 'addEventListener'));
  contentScript.main({} as never);
  const added = targets.flatMap((target, i) =>
    adds[i]!.mock.calls.map((call) => [target, call] as const),
  );
  return () => {
    added.forEach(([target, [type, listener, options]]) =>
      target.removeEventListener(type, listener, options),
    );
    vi.clearAllTimers();
    vi.useRealTimers();
  };
}

const read = () => extractPageContext(PAGE_CONTEXT_LIMITS);
const srcs = () => read().images.map((image) => image.src);
const at = (path: string) => `${location.origin}${path}`;

beforeEach(() => {
  fakeBrowser.reset();
  window.history.replaceState({}, '', '/notes/field?ref=1');
  window.getSelection()?.removeAllRanges();
});

afterEach(() => removeAllListeners());

describe('extractPageContext', () => {
  it('reads the title, the address, the selected text and the description', () => {
    page('<p id="p">  Light falls on the <b>north</b> wall. </p>');
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="description" content="Notes from the field.">',
    );
    select(document.getElementById('p')!);
    expect(read()).toEqual({
      readable: true,
      title: 'Field notes',
      url: `${location.origin}/notes/field?ref=1`,
      selection: 'Light falls on the north wall.',
      description: 'Notes from the field.',
      images: [],
    });
  });

  it('lists only large images, once each, as absolute addresses, with their size and alt text', () => {
    page(`
      <img src="/img/hero.jpg" width="1200" height="600" alt="Hero">
      <img src="https://cdn.example.com/icon.png" width="32" height="32">
      <img src="https://cdn.example.com/banner.png" width="900" height="90">
      <img src="data:image/png;base64,AAAA" width="400" height="400">
      <img src="photos/side.webp" width="300" height="300">
      <img src="/img/hero.jpg" width="1200" height="600">
    `);
    expect(read().images).toEqual([
      { src: at('/img/hero.jpg'), width: 1200, height: 600, alt: 'Hero' },
      { src: at('/notes/photos/side.webp'), width: 300, height: 300, alt: '' },
    ]);
  });

  it('puts the largest images first and stops at 10', () => {
    page(
      Array.from(
        { length: 14 },
        (_, i) => `<img src="/p/${i}.jpg" width="${400 + i}" height="300">`,
      ).join(''),
    );
    const images = srcs();
    expect(images).toHaveLength(10);
    expect(images[0]).toBe(at('/p/13.jpg'));
    expect(images[9]).toBe(at('/p/4.jpg'));
  });

  it('reads a selection inside a text box', () => {
    page('<textarea id="t">Draft: a quiet harbour at dawn</textarea>');
    const box = document.getElementById('t') as HTMLTextAreaElement;
    box.focus();
    box.setSelectionRange(7, 30);
    expect(read().selection).toBe('a quiet harbour at dawn');
  });

  it('falls back to the og:title, then to the host, for a page without a title', () => {
    page('<p>x</p>', '');
    document.head.innerHTML = '<meta property="og:title" content="Shared title">';
    expect(read().title).toBe('Shared title');
    document.head.innerHTML = '';
    expect(read().title).toBe(location.hostname);
  });

  it('cuts a long title and a long selection to the limits', () => {
    page(`<p id="p">${'word '.repeat(3000)}</p>`, 'T'.repeat(400));
    select(document.getElementById('p')!);
    const context = read();
    expect(context.title).toHaveLength(PAGE_CONTEXT_LIMITS.titleChars);
    expect(context.selection).toHaveLength(PAGE_CONTEXT_LIMITS.selectionChars);
  });

  it('says a PDF the browser shows cannot be read, and hands over nothing from it', () => {
    page('<embed type="application/pdf" src="about:blank">', 'annual-report.pdf');
    Object.defineProperty(document, 'contentType', {
      value: 'application/pdf',
      configurable: true,
    });
    try {
      expect(read()).toEqual({
        readable: false,
        reason: "PDFs shown by the browser can't be read. Open a web page to use its content here.",
        title: 'annual-report.pdf',
        url: `${location.origin}/notes/field?ref=1`,
        selection: '',
        description: '',
        images: [],
      });
    } finally {
      Reflect.deleteProperty(document, 'contentType');
    }
  });

  it('still works from its own source text, as scripting.executeScript injects it', () => {
    load(newsArticle);
    select(document.getElementById('lead')!);
    const injected = new Function(
      `return (${extractPageContext.toString()})`,
    )() as typeof extractPageContext;
    expect(injected(PAGE_CONTEXT_LIMITS)).toEqual(read());
  });
});

describe('extractPageContext on recorded page shapes', () => {
  it('a news article: og:image first with its size and alt, then the large figures; no logo, avatar, ad or pixel', () => {
    load(newsArticle);
    const context = read();
    expect(context.title).toBe('Harbour towns brace for record spring tides | The Coastal Times');
    expect(context.description).toBe(
      'Forecasters expect the highest tides in 18 years this weekend. Here is what harbour towns are doing.',
    );
    expect(context.images).toEqual([
      {
        src: 'https://cdn.coastal.example/images/2026/tides-hero-1200x630.jpg',
        width: 1200,
        height: 630,
        alt: 'Waves breaking over a harbour wall at dusk',
      },
      {
        src: 'https://cdn.coastal.example/images/2026/sandbags-800.jpg',
        width: 800,
        height: 533,
        alt: 'Sandbags stacked at a door',
      },
      {
        src: 'https://cdn.coastal.example/images/2026/tide-chart.png',
        width: 640,
        height: 360,
        alt: 'Tide chart for the weekend',
      },
    ]);
  });

  it('a blog with lazy images: the real addresses from data-src, never the placeholder', () => {
    load(lazyBlog);
    const context = read();
    expect(context.description).toBe('A walking diary from Minehead to Padstow.');
    expect(context.images.map((i) => i.src)).toEqual([
      at('/wp-content/uploads/2026/05/coast-path-cover.jpg'),
      at('/wp-content/uploads/2026/05/day2-cove.jpg'),
      at('/wp-content/uploads/2026/05/day1-cliffs.jpg'),
      at('/wp-content/uploads/2026/05/day3-map.png'),
    ]);
    expect(context.images[0]).toMatchObject({ width: 0, height: 0 });
  });

  it('a product page: the https og:image, then the gallery; no colour swatches', () => {
    load(productPage);
    expect(srcs()).toEqual([
      'https://shop.northline.example/img/storm-shell-navy-og.jpg',
      'https://shop.northline.example/img/storm-shell-navy-front-1600.jpg',
      'https://shop.northline.example/img/storm-shell-navy-back-1600.jpg',
      'https://shop.northline.example/img/storm-shell-navy-detail-900.jpg',
    ]);
    expect(read().description).toBe('A fully seam-sealed shell for wet and windy days.');
  });

  it('a page with no og tags: the largest images in order of size, no description', () => {
    load(noOgTags);
    const context = read();
    expect(context.title).toBe('Department of Marine Science — Staff pages');
    expect(context.description).toBe('');
    expect(context.images.map((i) => [i.src, i.alt])).toEqual([
      [at('/notes/lab/wave-tank.jpg'), 'The wave tank'],
      [at('/notes/portrait.jpg'), 'Portrait of Dr. Ortega'],
    ]);
  });

  it('a very long page: within every limit, and still a page context the extension accepts', () => {
    load(veryLongPage);
    select(document.body);
    const context = read();
    expect(context.images).toHaveLength(PAGE_CONTEXT_LIMITS.images);
    expect(context.images[0]?.src).toBe(at('/img/chapter-60.jpg'));
    expect(context.images[0]?.alt).toHaveLength(PAGE_CONTEXT_LIMITS.altChars);
    expect(context.description).toHaveLength(PAGE_CONTEXT_LIMITS.descriptionChars);
    expect(context.selection).toHaveLength(PAGE_CONTEXT_LIMITS.selectionChars);
    expect(isPageContext(context)).toBe(true);
  });
});

describe('content script', () => {
  it('answers getPageContext with the page it runs in', async () => {
    page('<p id="p">Send this</p>');
    select(document.getElementById('p')!);
    const stop = runContentScript();

    try {
      const reply = await new Promise((resolve) => {
        void deliver({ id: 1, type: 'getPageContext', timestamp: Date.now() }, {}, resolve);
      });
      expect(reply).toEqual({
        res: expect.objectContaining({
          readable: true,
          title: 'Field notes',
          selection: 'Send this',
          images: [],
        }),
      });
    } finally {
      stop();
    }
  });

  it('runs on every page', () => {
    expect(contentScript.matches).toEqual(['<all_urls>']);
  });
});
