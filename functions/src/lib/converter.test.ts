import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { rateLimitCounterSchema, rateLimitCounterWrite } from '@core/data/server-docs';
import { postConverter } from '../social/posts';
import { adminConverter } from './converter';

// The adapter from a core schema to an Admin SDK converter: lenient on read (as the clients' converters are),
// strict on a whole-document write when it is given a write schema.

const snapshot = (data: Record<string, unknown>) =>
  ({ id: 'doc', data: () => data }) as unknown as QueryDocumentSnapshot;
const at = new Date('2026-11-23T10:00:00Z');

describe('adminConverter', () => {
  const counter = adminConverter(rateLimitCounterSchema, rateLimitCounterWrite);

  it('reads a document through its schema, odd fields falling back', () => {
    expect(
      counter.fromFirestore(
        snapshot({ windowStart: 1000, count: 2, expiresAt: Timestamp.fromDate(at) }),
      ),
    ).toEqual({ windowStart: 1000, count: 2, expiresAt: at });
    expect(counter.fromFirestore(snapshot({ windowStart: 'soon' }))).toEqual({
      windowStart: 0,
      count: 0,
      expiresAt: null,
    });
  });

  it('checks a whole document against the write schema, and lets a merge through as written', () => {
    expect(counter.toFirestore({ windowStart: 1000, count: 1, expiresAt: at })).toEqual({
      windowStart: 1000,
      count: 1,
      expiresAt: at,
    });
    expect(() => counter.toFirestore({ windowStart: 1000, count: -1, expiresAt: at })).toThrow();
    expect(() => counter.toFirestore({ windowStart: 1000, count: 1 } as never)).toThrow();
    expect(() =>
      counter.toFirestore({ windowStart: 1000, count: 1, expiresAt: at, extra: true } as never),
    ).toThrow();
    expect(counter.toFirestore({ count: 4 }, { merge: true })).toEqual({ count: 4 });
  });
});

describe('a post as functions read it', () => {
  it('keeps every field the publish job writes back, timestamps as Dates', () => {
    const media = {
      generationId: 'g1',
      storagePath: 'u1/g1.png',
      contentType: 'image/png',
      sizeBytes: 10,
      title: 'Cat',
      url: null,
    };
    const post = postConverter.fromFirestore(
      snapshot({
        platform: 'x',
        status: 'publishing',
        media: [media],
        attemptStartedAt: Timestamp.fromDate(at),
        thread: [
          { text: 'two', media: [media], platformPostId: null, url: null, attemptStartedAt: null },
        ],
        uploadSession: {
          uri: 'https://upload.example/s',
          storagePath: 'u1/g1.mp4',
          sizeBytes: 5,
          openedAt: 1,
        },
        restarts: 1,
      }),
    );
    expect(post).toMatchObject({
      platform: 'x',
      status: 'publishing',
      media: [media],
      attemptStartedAt: at,
      restarts: 1,
      uploadSession: { uri: 'https://upload.example/s' },
    });
    expect(post.thread).toEqual([
      { text: 'two', media: [media], platformPostId: null, url: null, attemptStartedAt: null },
    ]);
  });

  it('keeps a platform core does not list, so the job fails it as unavailable instead of posting elsewhere', () => {
    expect(postConverter.fromFirestore(snapshot({ platform: 'fifth' })).platform).toBe('fifth');
  });

  it('skips a log entry without its time, step or outcome, and keeps the others', () => {
    const log = postConverter.fromFirestore(
      snapshot({
        publishLog: [
          { at: Timestamp.fromDate(at), step: 'Create post', outcome: 'HTTP 201' },
          { step: 'Look up', outcome: 'Found' },
          'odd',
        ],
      }),
    ).publishLog;
    expect(log).toEqual([{ at, step: 'Create post', outcome: 'HTTP 201' }]);
  });
});
