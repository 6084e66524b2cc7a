import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveHosting, type HostingServer } from './hosting-server';

// The bundled packages' licences ship with the dashboard (dashboard/vite.config.ts, build.license):
// soundtouchjs is LGPL-2.1, whose text must reach the people the app is served to.

let hosting: HostingServer;

beforeAll(async () => {
  hosting = await serveHosting(inject('hostingDir'));
});

afterAll(async () => {
  await hosting?.close();
});

describe('the licences of the bundled packages', () => {
  it("serves them with the app, soundtouchjs's LGPL-2.1 text among them", async () => {
    const res = await fetch(`${hosting.origin}/licenses.md`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/soundtouchjs/);
    expect(text).toMatch(/GNU LESSER GENERAL PUBLIC LICENSE/i);
    expect(text).not.toMatch(/<div id="root">/);
  });
});
