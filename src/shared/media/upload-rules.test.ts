import { describe, expect, it } from 'vitest';
import { checkUploadFile, formatFileSize } from './upload-rules';
import { MEDIA_MAX_BYTES } from './limits';

describe('checkUploadFile', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 'ok'],
    ['pic.PNG', 'image/png', 'ok'],
    ['anim.gif', 'image/gif', 'ok'],
    ['clip.mp4', 'video/mp4', 'ok'],
    ['ride.gpx', 'application/gpx+xml', 'ok'],
    ['ride.gpx', '', 'ok'],
    ['ride.GPX', 'application/octet-stream', 'ok'],
    ['track.xml', 'text/xml', 'ok'],
    ['track.xml', 'application/xml', 'ok'],
    ['drawing.svg', 'image/svg+xml', 'unsupported'],
    ['page.html', 'text/html', 'unsupported'],
    ['clip.mov', 'video/quicktime', 'unsupported'],
    ['photo.heic', 'image/heic', 'unsupported'],
    ['notes.txt', 'text/plain', 'unsupported'],
  ] as const)('%s (%s) -> %s', (name, type, expected) => {
    expect(checkUploadFile({ name, type, size: 1000 })).toBe(expected);
  });

  it('refuses more than 50 MB', () => {
    expect(checkUploadFile({ name: 'a.mp4', type: 'video/mp4', size: MEDIA_MAX_BYTES })).toBe('ok');
    expect(checkUploadFile({ name: 'a.mp4', type: 'video/mp4', size: MEDIA_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [12.345 * 1024 * 1024, '12.35 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('writes the number with the reader’s separators', () => {
    expect(formatFileSize(12.345 * 1024 * 1024, 'it-IT')).toBe('12,35 MB');
    expect(formatFileSize(1536, 'de-DE')).toBe('1,5 KB');
    expect(formatFileSize(1536, 'en-GB')).toBe('1.5 KB');
  });
});
