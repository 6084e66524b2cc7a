import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, draftLabel, emptyDraft, toDraft, toDraftWrite } from './draft';

const storageUrl =
  'https://firebasestorage.googleapis.com/v0/b/demo-muse.appspot.com/o/u1%2Fgenerations%2Fg1.png?alt=media&token=abc';

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
        media: ['g1', 'g2'],
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
      media: ['g1', 'g2'],
      sourceUrl: 'https://example.com/tides',
      createdAt: updatedAt.toDate(),
      updatedAt: updatedAt.toDate(),
    });
  });

  it('reads odd drafts leniently, field by field', () => {
    expect(
      toDraft('d2', {
        platform: 'myspace',
        text: 42,
        media: 'g1',
        sourceUrl: 'javascript:alert(1)',
        updatedAt: 'yesterday',
      }),
    ).toEqual({
      id: 'd2',
      ...emptyDraft('x'),
      createdAt: null,
      updatedAt: null,
    });
  });

  it('opens a draft of the older shape with its media, keeping only their library ids', () => {
    const old = {
      generationId: 'g1',
      title: 'Harbour',
      contentType: 'image/png',
      sizeBytes: 2048,
      thumbnailUrl: storageUrl,
    };
    expect(
      toDraft('d3', {
        media: [
          old,
          { ...old, generationId: 'g2', thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/y' },
        ],
      }).media,
    ).toEqual(['g1', 'g2']);
  });

  it('drops media entries that name no library record, and repeats', () => {
    expect(
      toDraft('d4', {
        media: [
          { generationId: '../secrets' },
          { title: 'no id' },
          42,
          'g2',
          { generationId: 'g2' },
          'g3',
        ],
      }).media,
    ).toEqual(['g2', 'g3']);
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
      media: [...Array.from({ length: 25 }, (_, i) => `g${i}`), '../secrets'],
    });
    expect((write.text as string).length).toBe(DRAFT_LIMITS.textChars);
    expect((write.title as string).length).toBe(DRAFT_LIMITS.titleChars);
    expect(write.subreddit).toBe('');
    expect((write.flair as string).length).toBe(DRAFT_LIMITS.flairChars);
    expect(write.media).toEqual(Array.from({ length: DRAFT_LIMITS.media }, (_, i) => `g${i}`));
  });

  it('keeps a page address only when it is http or https', () => {
    expect(toDraftWrite(emptyDraft('x', 'https://example.com/a b')).sourceUrl).toBe(
      'https://example.com/a%20b',
    );
    expect(toDraftWrite(emptyDraft('x', 'chrome://settings')).sourceUrl).toBe('');
  });

  it('round-trips through the reader unchanged', () => {
    const fields = {
      ...emptyDraft('linkedin', 'https://example.com/'),
      text: 'Hello',
      author: 'urn:li:person:abc',
      media: ['g1'],
    };
    const { id: _id, createdAt: _c, updatedAt: _u, ...read } = toDraft('d5', toDraftWrite(fields));
    expect(read).toEqual(fields);
  });
});

describe('draftLabel', () => {
  const library = [
    { id: 'g1', type: 'image' as const, title: 'Harbour at dawn' },
    { id: 'g2', type: 'video' as const, title: 'Waves' },
    { id: 'g3', type: 'image' as const, title: 'Fox' },
    { id: 'g4', type: 'image' as const, title: 'Owl' },
  ];
  it.each([
    [{ title: 'Reddit title', text: 'Body', media: [] }, 'Reddit title'],
    [{ title: '', text: 'First line\nSecond', media: [] }, 'First line'],
    [{ title: ' ', text: '  ', media: [] }, 'Empty draft'],
    [{ title: '', text: 'a'.repeat(100), media: [] }, `${'a'.repeat(79)}…`],
    [{ title: '', text: '', media: ['g1'] }, 'Image: Harbour at dawn'],
    [{ title: '', text: ' ', media: ['g2'] }, 'Video: Waves'],
    [{ title: '', text: '', media: ['g3', 'g4'] }, '2 images: Fox and more'],
    [{ title: '', text: '', media: ['gone'] }, 'File'],
    [{ title: '', text: '', media: ['g1', 'g2'] }, '2 files: Harbour at dawn and more'],
  ])('names %o from the library records as %s', (draft, label) => {
    expect(draftLabel(draft, library)).toBe(label);
  });
});
