import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, draftLabel, emptyDraft, toDraft, toDraftWrite } from './draft';

const storageUrl = 'https://firebasestorage.googleapis.com/v0/b/demo-muse.appspot.com/o/u1%2Fgenerations%2Fg1.png?alt=media&token=abc';

describe('toDraft', () => {
  it('reads a Reddit draft as the panel writes it', () => {
    const updatedAt = Timestamp.fromMillis(1_700_000_000_000);
    expect(
      toDraft('d1', {
        platform: 'reddit',
        text: 'Body',
        title: 'Tides explained',
        subreddit: 'oceanography',
        flair: 'Discussion',
        author: '',
        media: [{ generationId: 'g1', title: 'Harbour', contentType: 'image/png', sizeBytes: 2048, thumbnailUrl: storageUrl }],
        sourceUrl: 'https://example.com/tides',
        createdAt: updatedAt,
        updatedAt,
      }),
    ).toEqual({
      id: 'd1',
      platform: 'reddit',
      text: 'Body',
      title: 'Tides explained',
      subreddit: 'oceanography',
      flair: 'Discussion',
      author: '',
      media: [{ generationId: 'g1', title: 'Harbour', contentType: 'image/png', sizeBytes: 2048, thumbnailUrl: storageUrl }],
      sourceUrl: 'https://example.com/tides',
      createdAt: updatedAt.toDate(),
      updatedAt: updatedAt.toDate(),
    });
  });

  it('reads odd drafts leniently, field by field', () => {
    expect(toDraft('d2', { platform: 'myspace', text: 42, media: 'g1', sourceUrl: 'javascript:alert(1)', updatedAt: 'yesterday' })).toEqual({
      id: 'd2',
      ...emptyDraft('x'),
      createdAt: null,
      updatedAt: null,
    });
  });

  it.each([
    ['a picture on another host', 'https://evil.example/x.png', null],
    ['a javascript: picture', 'javascript:alert(1)', null],
    ['a picture on the Storage emulator', 'http://127.0.0.1:9199/v0/b/demo/o/x.png?alt=media', 'http://127.0.0.1:9199/v0/b/demo/o/x.png?alt=media'],
  ])('keeps only Storage pictures on media: %s', (_, thumbnailUrl, kept) => {
    expect(toDraft('d3', { media: [{ generationId: 'g1', thumbnailUrl }] }).media[0]!.thumbnailUrl).toBe(kept);
  });

  it('drops media entries that name no library record', () => {
    expect(toDraft('d4', { media: [{ generationId: '../secrets' }, { title: 'no id' }, { generationId: 'g2' }] }).media.map((m) => m.generationId)).toEqual(['g2']);
  });
});

describe('toDraftWrite', () => {
  it('cuts every field to the sizes the rules allow, so an autosave never fails', () => {
    const write = toDraftWrite({
      ...emptyDraft('reddit'),
      text: 'x'.repeat(DRAFT_LIMITS.textChars + 10),
      title: 't'.repeat(400),
      subreddit: 'r/not valid',
      flair: 'f'.repeat(100),
      media: Array.from({ length: 25 }, (_, i) => ({ generationId: `g${i}`, title: 'Pic', contentType: 'image/png', sizeBytes: 1.5, thumbnailUrl: 'https://evil.example/x.png' })),
    });
    expect((write.text as string).length).toBe(DRAFT_LIMITS.textChars);
    expect((write.title as string).length).toBe(DRAFT_LIMITS.titleChars);
    expect(write.subreddit).toBe('');
    expect((write.flair as string).length).toBe(DRAFT_LIMITS.flairChars);
    expect(write.media).toHaveLength(DRAFT_LIMITS.media);
    expect((write.media as { thumbnailUrl: unknown; sizeBytes: number }[])[0]).toMatchObject({ thumbnailUrl: null, sizeBytes: 2 });
  });

  it('keeps a page address only when it is http or https', () => {
    expect(toDraftWrite(emptyDraft('x', 'https://example.com/a b')).sourceUrl).toBe('https://example.com/a%20b');
    expect(toDraftWrite(emptyDraft('x', 'chrome://settings')).sourceUrl).toBe('');
  });

  it('round-trips through the reader unchanged', () => {
    const fields = { ...emptyDraft('linkedin', 'https://example.com/'), text: 'Hello', author: 'urn:li:person:abc' };
    const { id: _id, createdAt: _c, updatedAt: _u, ...read } = toDraft('d5', toDraftWrite(fields));
    expect(read).toEqual(fields);
  });
});

describe('draftLabel', () => {
  it.each([
    [{ title: 'Reddit title', text: 'Body' }, 'Reddit title'],
    [{ title: '', text: 'First line\nSecond' }, 'First line'],
    [{ title: ' ', text: '  ' }, 'Empty draft'],
    [{ title: '', text: 'a'.repeat(100) }, `${'a'.repeat(79)}…`],
    [{ title: '', text: '', media: [{ title: 'Harbour at dawn', contentType: 'image/png' }] }, 'Image: Harbour at dawn'],
    [{ title: '', text: ' ', media: [{ title: 'Waves', contentType: 'video/mp4' }] }, 'Video: Waves'],
    [
      {
        title: '',
        text: '',
        media: [
          { title: 'Fox', contentType: 'image/png' },
          { title: 'Owl', contentType: 'image/jpeg' },
        ],
      },
      '2 images: Fox and more',
    ],
    [{ title: '', text: '', media: [] }, 'Empty draft'],
  ])('names %o as %s', (draft, label) => {
    expect(draftLabel(draft)).toBe(label);
  });
});
