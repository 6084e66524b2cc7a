import { describe, expect, it } from 'vitest';
import {
  composeDraftLabel,
  toComposeDraft,
  toComposeDraftWrite,
  type ComposeDraftFields,
} from './compose-draft';
import { DRAFT_LIMITS } from './draft';

// A Compose draft's media, shared and each channel's own, are library ids only (as the per-platform drafts'):
// older drafts' map entries open with their ids, and a save writes ids.

/** A media entry as Compose drafts stored it before they kept library ids only. */
const oldEntry = (generationId: string) => ({
  generationId,
  title: 'Harbour',
  contentType: 'image/png',
  sizeBytes: 2048,
  thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/y',
});
const fieldsOf = (draft: ReturnType<typeof toComposeDraft>): ComposeDraftFields => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = draft;
  return fields;
};

describe('toComposeDraft', () => {
  it("reads the shared media and each forked channel's own media as library ids", () => {
    const d = toComposeDraft('c1', {
      channels: ['x', 'youtube'],
      media: ['g1', 'g2'],
      channelMedia: { youtube: ['clip'], x: [] },
    });
    expect(d.media).toEqual(['g1', 'g2']);
    expect(d.channelMedia).toEqual({ x: [], youtube: ['clip'] });
  });

  it('opens a draft of the older shape with its media, keeping only their library ids', () => {
    const d = toComposeDraft('c2', { media: [oldEntry('g1'), oldEntry('g2')] });
    expect(d.media).toEqual(['g1', 'g2']);
    expect(d.channelMedia).toEqual({});
  });

  it('drops what names no library record, repeats, unknown channels and lists past the limit', () => {
    const d = toComposeDraft('c3', {
      media: [{ generationId: '../secrets' }, 42, 'g2', { generationId: 'g2' }, null],
      channelMedia: {
        myspace: ['g1'],
        reddit: 'g1',
        linkedin: Array.from({ length: 25 }, (_, i) => `g${i}`),
      },
    });
    expect(d.media).toEqual(['g2']);
    expect(d.channelMedia).toEqual({
      linkedin: Array.from({ length: DRAFT_LIMITS.media }, (_, i) => `g${i}`),
    });
    expect(toComposeDraft('c4', { channelMedia: ['g1'] }).channelMedia).toEqual({});
  });
});

describe('toComposeDraftWrite', () => {
  it('writes media as library ids, shared and per forked channel, within the limit', () => {
    const fields = {
      ...fieldsOf(toComposeDraft('c', {})),
      media: [...Array.from({ length: 25 }, (_, i) => `g${i}`), '../x'],
      channelMedia: { youtube: ['clip'], reddit: [] },
    };
    const write = toComposeDraftWrite(fields);
    expect(write.media).toEqual(Array.from({ length: DRAFT_LIMITS.media }, (_, i) => `g${i}`));
    expect(write.channelMedia).toEqual({ reddit: [], youtube: ['clip'] });
  });

  it('round-trips through the reader unchanged', () => {
    const fields = {
      ...fieldsOf(toComposeDraft('c', {})),
      channels: ['x' as const, 'youtube' as const],
      text: 'One idea',
      media: ['g1'],
      channelMedia: { youtube: ['clip'] },
    };
    expect(fieldsOf(toComposeDraft('c5', toComposeDraftWrite(fields)))).toEqual(fields);
  });
});

describe('composeDraftLabel', () => {
  const library = [
    { id: 'g1', type: 'image' as const, title: 'Harbour at dawn' },
    { id: 'clip', type: 'video' as const, title: 'Waves' },
  ];
  it.each([
    [{ text: 'First line\nSecond', media: [] }, 'First line'],
    [{ text: '', media: ['g1'] }, 'Image: Harbour at dawn'],
    [{ text: '', media: ['clip', 'g1'] }, '2 files: Waves and more'],
    [{ text: '', media: ['gone'] }, 'File'],
    [{ text: ' ', media: [] }, 'Empty draft'],
  ])('names %o from the library records as %s', (draft, label) => {
    expect(composeDraftLabel({ ...toComposeDraft('c', {}), ...draft }, library)).toBe(label);
  });
});
