import { uploadBytes } from 'firebase/storage';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE } from '../../../core/constants';
import { imageJobInputSchema } from '../../../core/jobs';
import {
  ReferenceImageError,
  uploadReferenceImage,
} from '../../../entrypoints/sidepanel/api/reference-image';
import {
  IMAGE_PRESETS,
  initialImagePrompt,
  presetSize,
} from '../../../entrypoints/sidepanel/logic/image-presets';
import {
  checkReferenceImage,
  pageImagesOf,
} from '../../../entrypoints/sidepanel/logic/page-images';
import {
  hasLink,
  postPrompt,
  promptPageOf,
  splitRedditReply,
  withLink,
} from '../../../entrypoints/sidepanel/logic/post-prompt';

vi.mock('firebase/storage', () => ({
  ref: (_s: unknown, path: string) => ({ path }),
  uploadBytes: vi.fn(async () => ({})),
}));

const page = {
  title: 'Tide tables explained',
  url: 'https://example.com/tides',
  selection: 'High water comes twice a day.',
  description: 'Why the sea comes and goes.',
};

describe('the post prompt', () => {
  it('gives the model the page title, address, description, selection and tone', () => {
    const { task, prompt } = postPrompt('x', page, 'casual');
    expect(task).toBe('social_post');
    expect(prompt.split('\n')).toEqual([
      'Write a post about this web page.',
      'Page title: Tide tables explained',
      'Page address: https://example.com/tides',
      'Page description: Why the sea comes and goes.',
      'Passage the reader selected: "High water comes twice a day."',
      'Tone: casual.',
      'Do not include the page address; it is attached separately.',
    ]);
  });

  it('asks for a Reddit title and body for Reddit', () => {
    expect(postPrompt('reddit', page, '').task).toBe('reddit_post');
  });

  it('stays within the callable limit on a very long selection', () => {
    expect(
      postPrompt('linkedin', { ...page, selection: 'a'.repeat(50_000) }, '').prompt.length,
    ).toBeLessThanOrEqual(8000);
  });

  it('works from the focus notes alone on a page it cannot read', () => {
    expect(postPrompt('x', null, '', 'our launch').prompt).toContain(
      'What to focus on: our launch',
    );
  });

  it.each([
    [
      'Tides, explained\n\nBody line one\nline two',
      { title: 'Tides, explained', text: 'Body line one\nline two' },
    ],
    ['Title: # Tides\nBody', { title: 'Tides', text: 'Body' }],
    ['Only a title', { title: 'Only a title', text: '' }],
  ])('splits the Reddit reply %j', (reply, parts) => {
    expect(splitRedditReply(reply)).toEqual(parts);
  });
});

describe('the page a post starts from', () => {
  const context = {
    readable: true,
    title: 'Tide tables explained',
    url: 'https://example.com/tides',
    selection: 'High water',
    description: 'Why the sea comes and goes.',
  };

  it('is the whole context of a page that was read', () => {
    expect(promptPageOf(context)).toEqual({
      title: 'Tide tables explained',
      url: 'https://example.com/tides',
      selection: 'High water',
      description: 'Why the sea comes and goes.',
    });
  });

  it('is the title and address of a web page that could not be read (a PDF)', () => {
    expect(
      promptPageOf({
        ...context,
        readable: false,
        url: 'https://example.com/tides.pdf',
        selection: '',
      }),
    ).toEqual({
      title: 'Tide tables explained',
      url: 'https://example.com/tides.pdf',
      selection: '',
    });
  });

  it.each([
    ['a browser page', { ...context, readable: false, title: 'New Tab', url: 'chrome://newtab/' }],
    [
      "the extension's own page",
      {
        ...context,
        readable: false,
        title: 'Muse Studio',
        url: 'chrome-extension://abc/sidepanel.html',
      },
    ],
    ['no tab', null],
  ])('is none for %s, so nothing is drafted about it', (_, ctx) => {
    expect(promptPageOf(ctx)).toBeNull();
  });
});

describe('the page link switch', () => {
  const url = 'https://example.com/tides';
  it.each([
    ['appends the link after a blank line', 'Hello', true, `Hello\n\n${url}`],
    ['adds it once', `Hello\n\n${url}`, true, `Hello\n\n${url}`],
    ['is the whole text of an empty post', '', true, url],
    ['removes every copy', `Read ${url} now\n\n${url}`, false, 'Read  now'],
  ])('%s', (_, text, attach, out) => {
    expect(withLink(text, url, attach)).toBe(out);
    expect(hasLink(out, url)).toBe(attach);
  });
});

describe('image presets', () => {
  it.each(IMAGE_PRESETS.map((p) => [p.id, p.width, p.height] as const))(
    '%s is %ix%i, an exact ratio the image job accepts',
    (id, width, height) => {
      const [w, h] = id.split(':').map(Number) as [number, number];
      expect(width * h).toBe(height * w);
      expect(
        imageJobInputSchema.safeParse({ mode: 'text', prompt: 'x', ...presetSize(id) }).success,
      ).toBe(true);
      expect(width % IMAGE.sizeStep).toBe(0);
    },
  );

  it.each([
    [{ title: 'Tides', selection: ' High water ' }, 'High water'],
    [{ title: 'Tides', selection: '' }, 'Tides'],
    [null, ''],
  ])('prefills the prompt from %o', (from, prompt) => {
    expect(initialImagePrompt(from)).toBe(prompt);
  });
});

describe('page images', () => {
  it('reads addresses and {src, alt} entries alike, http(s) only, each once', () => {
    expect(
      pageImagesOf({
        images: [
          'https://a.test/1.png',
          { src: 'https://a.test/2.png', width: 800, height: 600, alt: 'Harbour' },
          'data:image/png;base64,xx',
          'https://a.test/1.png',
          42,
        ],
      }),
    ).toEqual([
      { src: 'https://a.test/1.png', alt: '' },
      { src: 'https://a.test/2.png', alt: 'Harbour' },
    ]);
  });

  it.each([
    ['image/png', 1000, { ok: true, ext: 'png', contentType: 'image/png' }],
    ['image/jpeg; charset=binary', 1000, { ok: true, ext: 'jpg', contentType: 'image/jpeg' }],
    [
      'image/svg+xml',
      1000,
      {
        ok: false,
        message:
          'This image type cannot be used as a reference: use a PNG, JPEG, WebP or GIF image.',
      },
    ],
    [
      'image/png',
      21 * 1024 * 1024,
      { ok: false, message: 'This image is larger than 20 MB and cannot be used as a reference.' },
    ],
  ])('checks a %s of %i bytes', (type, size, verdict) => {
    expect(checkReferenceImage(type, size)).toEqual(verdict);
  });

  it("uploads a page image's bytes to the user's uploads", async () => {
    const fetcher = vi.fn(
      async () => new Response(new Blob([new Uint8Array(64)], { type: 'image/webp' })),
    );
    const path = await uploadReferenceImage(
      {} as never,
      'u1',
      'https://a.test/1.webp',
      fetcher as unknown as typeof fetch,
    );
    expect(path).toMatch(/^u1\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(uploadBytes).toHaveBeenCalledWith({ path }, expect.any(Blob), {
      contentType: 'image/webp',
    });
    expect(
      imageJobInputSchema.safeParse({ mode: 'image', prompt: '', inputImagePath: path }).success,
    ).toBe(true);
  });

  it('says so plainly when the site does not share the image', async () => {
    vi.mocked(uploadBytes).mockClear();
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      uploadReferenceImage(
        {} as never,
        'u1',
        'https://a.test/1.png',
        fetcher as unknown as typeof fetch,
      ),
    ).rejects.toBeInstanceOf(ReferenceImageError);
    expect(uploadBytes).not.toHaveBeenCalled();
  });
});
