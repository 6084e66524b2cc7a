import { describe, expect, it } from 'vitest';
import { ownStoragePicture } from './draft';

// Draft thumbnails are client-written: the side panel (no CSP of ours limits its images) loads only a
// download URL of the build's own bucket, on production Storage or, in an emulator build, the emulator.

const production = { storageBucket: 'muse-prod.appspot.com' };
const local = {
  storageBucket: 'demo-muse-test.appspot.com',
  emulators: { host: '127.0.0.1', storage: 19199 },
};
const prodUrl =
  'https://firebasestorage.googleapis.com/v0/b/muse-prod.appspot.com/o/u1%2Fgenerations%2Fa.png?alt=media&token=t';
const localUrl =
  'http://127.0.0.1:19199/v0/b/demo-muse-test.appspot.com/o/u1%2Fgenerations%2Fa.png?alt=media&token=t';

describe('ownStoragePicture', () => {
  it("keeps the build's own Storage download URLs", () => {
    expect(ownStoragePicture(prodUrl, production)).toBe(prodUrl);
    expect(ownStoragePicture(localUrl, local)).toBe(localUrl);
  });

  it.each([
    [
      'a loopback service in a production build',
      'http://127.0.0.1:8080/v0/b/muse-prod.appspot.com/o/x',
      production,
    ],
    [
      'another loopback port in an emulator build',
      'http://127.0.0.1:5001/v0/b/demo-muse-test.appspot.com/o/x',
      local,
    ],
    ['the emulator in a production build', localUrl, production],
    ['production Storage in an emulator build', prodUrl, local],
    [
      "another project's bucket",
      'https://firebasestorage.googleapis.com/v0/b/evil.appspot.com/o/x.png',
      production,
    ],
    [
      'a path that climbs out of the bucket',
      'https://firebasestorage.googleapis.com/v0/b/muse-prod.appspot.com/o/../../evil.appspot.com/o/x',
      production,
    ],
    [
      'credentials in the URL',
      'https://user:pw@firebasestorage.googleapis.com/v0/b/muse-prod.appspot.com/o/x',
      production,
    ],
    ['any other site', 'https://evil.example/v0/b/muse-prod.appspot.com/o/x', production],
    ['no URL', null, production],
    ['not a URL', 'not a url', production],
  ])('refuses %s', (_case, url, config) => {
    expect(ownStoragePicture(url, config)).toBeNull();
  });
});
