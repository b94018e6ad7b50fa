import { describe, expect, it } from 'vitest';
import { isNavLinkActive } from './nav-items';

describe('isNavLinkActive', () => {
  it.each([
    ['/', '/', true],
    ['/groups', '/', false],
    ['/groups', '/groups', true],
    ['/groups/abc', '/groups', true],
    ['/finder', '/groups', false],
    ['/preferences', '/preferences', true],
  ])('path %s, link %s: %s', (pathname, to, expected) => {
    expect(isNavLinkActive(pathname, to)).toBe(expected);
  });
});
