import { describe, expect, it } from 'vitest';
import type { GenerationType } from '@core/jobs';
import { libraryFileName } from './download-name';

describe('libraryFileName', () => {
  it.each<[GenerationType, string, string | null, string]>([
    ['image', 'A red fox', 'image/png', 'A red fox.png'],
    ['image', 'A red fox', 'image/jpeg', 'A red fox.jpg'],
    ['image', 'A red fox', 'image/webp', 'A red fox.webp'],
    ['image', 'A red fox', null, 'A red fox.jpg'],
    ['image', 'Social Media Upload', 'IMAGE/PNG; charset=binary', 'Social Media Upload.png'],
    ['video', 'Waves at dawn', 'video/mp4', 'Waves at dawn.mp4'],
    ['video', 'Render', 'video/webm', 'Render.mp4'],
    ['audio', 'Calm piano', 'audio/mpeg', 'Calm piano.mp3'],
    ['image', 'What/why: "this"?', 'image/png', 'What-why- -this-.png'],
    ['audio', '   ', null, 'untitled.mp3'],
  ])('a %s titled %j (%s) saves as %j', (type, title, contentType, name) => {
    expect(libraryFileName({ type, title, contentType })).toBe(name);
  });
});
