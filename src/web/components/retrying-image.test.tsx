import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RetryingImage } from './retrying-image';
import { render } from '../test/utils';

afterEach(cleanup);

describe('RetryingImage', () => {
  it('retries once with a cache-busting parameter, then shows the fallback', () => {
    const onFinalError = vi.fn();
    render(<RetryingImage src="/media/files/a.jpg" alt="Avatar" fallback={<span>AB</span>} onFinalError={onFinalError} />);
    const img = screen.getByRole('img', { name: 'Avatar' });
    expect(img.getAttribute('src')).toBe('/media/files/a.jpg');

    fireEvent.error(img);
    const retried = screen.getByRole('img', { name: 'Avatar' });
    expect(retried.getAttribute('src')).toMatch(/^\/media\/files\/a\.jpg\?retry=\d+$/);
    expect(onFinalError).not.toHaveBeenCalled();

    fireEvent.error(retried);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('AB')).toBeTruthy();
    expect(onFinalError).toHaveBeenCalledOnce();
  });

  it('starts over when the source changes', () => {
    const { rerender } = render(<RetryingImage src="/a.jpg" alt="Pic" fallback={<span>none</span>} />);
    fireEvent.error(screen.getByRole('img'));
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText('none')).toBeTruthy();

    rerender(<RetryingImage src="/b.jpg" alt="Pic" fallback={<span>none</span>} />);
    expect(screen.getByRole('img', { name: 'Pic' }).getAttribute('src')).toBe('/b.jpg');
  });
});
