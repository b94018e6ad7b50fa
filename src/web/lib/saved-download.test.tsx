import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { resetTestEnvironment, stubObjectUrls } from '../test/utils';
import { useSavedDownload } from './saved-download';

stubObjectUrls();
afterEach(resetTestEnvironment);

function FileLink() {
  const file = useSavedDownload('/api/rides/r1/export?format=gpx', '');
  return (
    <a href={file.href} download={file.download}>
      GPX
    </a>
  );
}

/** The saved copy's read, answered when the test says. */
function heldRead() {
  let answer: (response: Response) => void = () => undefined;
  let fail: () => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          fail = () => reject(new TypeError('Failed to fetch'));
        }),
    ),
  );
  return { answer: (response: Response) => act(() => answer(response)), fail: () => act(() => fail()) };
}

describe('a download link offline', () => {
  it('is a plain link online', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<FileLink />);
    const link = screen.getByRole('link', { name: 'GPX' });
    expect(link.getAttribute('href')).toBe('/api/rides/r1/export?format=gpx');
    expect(link.hasAttribute('download')).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('tapped before its saved copy is read, opens the address through the service worker (no `download`), then points to the copy', async () => {
    onlineManager.setOnline(false);
    const read = heldRead();
    render(<FileLink />);
    const link = screen.getByRole('link', { name: 'GPX' });
    // Chromium fetches an <a download> past the worker: without it, the tap is a navigation the
    // worker answers with the saved copy (an attachment), so it downloads.
    expect(link.getAttribute('href')).toBe('/api/rides/r1/export?format=gpx');
    expect(link.hasAttribute('download')).toBe(false);
    await read.answer(new Response('<gpx/>', { headers: { 'Content-Disposition': 'attachment; filename="futa.gpx"' } }));
    await waitFor(() => expect(link.getAttribute('href')).toBe('blob:preview'));
    expect(link.getAttribute('download')).toBe('futa.gpx');
  });

  it('with no saved copy, is the plain download link again', async () => {
    onlineManager.setOnline(false);
    const read = heldRead();
    render(<FileLink />);
    const link = screen.getByRole('link', { name: 'GPX' });
    expect(link.hasAttribute('download')).toBe(false);
    await read.fail();
    await waitFor(() => expect(link.hasAttribute('download')).toBe(true));
    expect(link.getAttribute('href')).toBe('/api/rides/r1/export?format=gpx');
  });
});
