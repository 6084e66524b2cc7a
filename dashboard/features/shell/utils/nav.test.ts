import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, FOOT_NAV_ITEMS, isNavItemActive, NAV_ITEMS, navItemCurrent } from './nav';

describe('isNavItemActive', () => {
  it.each([
    ['/', '/', true],
    ['/create', '/', false],
    ['/settings', '/', false],
    ['/create', '/create', true],
    ['/create/', '/create', true],
    ['/create/image', '/create', true],
    ['/created', '/create', false],
    ['/social/youtube/callback', '/social', true],
    ['/social/youtube/callback', '/social/youtube', true],
    ['/social/x', '/social/youtube', false],
    ['/settings/plan', '/settings', true],
    ['/library', '/settings', false],
  ])('path %s, item %s: %s', (pathname, url, expected) => {
    expect(isNavItemActive(pathname, url)).toBe(expected);
  });
});

describe('navItemCurrent', () => {
  it.each([
    ['/create', '/create', 'page'],
    ['/create/video', '/create', 'true'],
    ['/', '/', 'page'],
    ['/library', '/', undefined],
  ] as const)('path %s, item %s: %s', (pathname, url, expected) => {
    expect(navItemCurrent(pathname, url)).toBe(expected);
  });
});

describe('NAV_ITEMS', () => {
  it('lists the sidebar in order', () => {
    expect(NAV_ITEMS.map((i) => i.title)).toEqual([
      'Dashboard',
      'Create',
      'Social Media',
      'Compose',
      'Calendar',
      'Library',
      'Integrations',
    ]);
    expect(FOOT_NAV_ITEMS.map((i) => i.title)).toEqual(['Settings']);
    expect(NAV_ITEMS[1]?.items?.map((i) => i.title)).toEqual([
      'Image Generation',
      'Video Generation',
      'Audio Generation',
      'Video Editor',
    ]);
    expect(NAV_ITEMS[2]?.items?.map((i) => i.title)).toEqual([
      'X/Twitter',
      'LinkedIn',
      'Reddit',
      'YouTube',
    ]);
  });
});

describe('breadcrumbsFor', () => {
  it.each([
    ['/', ['Dashboard']],
    ['/create', ['Create']],
    ['/create/editor', ['Create', 'Video Editor']],
    ['/social/linkedin', ['Social Media', 'LinkedIn']],
    ['/social/reddit/callback', ['Social Media', 'Reddit']],
    ['/settings/plan', ['Settings', 'Plan Settings']],
    ['/integrations', ['Integrations']],
    ['/compose', ['Compose']],
    ['/nowhere', []],
  ])('%s reads %j', (pathname, titles) => {
    expect(breadcrumbsFor(pathname).map((c) => c.title)).toEqual(titles);
  });
});
