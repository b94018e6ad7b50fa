import { describe, expect, it } from 'vitest';
import { cacheBustedUrl } from './image-retry';

describe('cacheBustedUrl', () => {
  it('adds a parameter, keeping an existing query and fragment', () => {
    expect(cacheBustedUrl('/media/files/a.jpg', 7)).toBe('/media/files/a.jpg?retry=7');
    expect(cacheBustedUrl('/media/files/a.jpg?w=1', 7)).toBe('/media/files/a.jpg?w=1&retry=7');
    expect(cacheBustedUrl('/a.jpg#top', 7)).toBe('/a.jpg?retry=7#top');
  });
});
