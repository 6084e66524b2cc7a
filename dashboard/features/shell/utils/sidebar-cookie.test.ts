import { describe, expect, it } from 'vitest';
import { readSidebarCookie, serializeSidebarCookie } from './sidebar-cookie';

describe('readSidebarCookie', () => {
  it.each([
    ['sidebar:state=true', true],
    ['sidebar:state=false', false],
    ['theme=x; sidebar:state=false; other=1', false],
    ['  sidebar:state=true  ', true],
    ['sidebar%3Astate=true', true],
    ['', undefined],
    ['other=true', undefined],
    ['sidebar:state=maybe', undefined],
    ['sidebar:state', undefined],
    ['xsidebar:state=true', undefined],
  ])('reads %j as %s', (header, expected) => {
    expect(readSidebarCookie(header)).toBe(expected);
  });
});

describe('serializeSidebarCookie', () => {
  it('keeps the state for 7 days on every path', () => {
    expect(serializeSidebarCookie(false)).toBe(
      'sidebar:state=false; path=/; max-age=604800; SameSite=Lax',
    );
  });

  it.each([true, false])('round-trips %s', (open) => {
    const pair = serializeSidebarCookie(open).split(';')[0] ?? '';
    expect(readSidebarCookie(pair)).toBe(open);
  });
});
