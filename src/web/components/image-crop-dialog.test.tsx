import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, stubObjectUrls } from '../test/utils';
import { resetToasts } from './ui/toast-store';
import { nudgeStep } from '../lib/crop-image';
import { ImageCropDialog } from './image-crop-dialog';
import { outputSize } from '../lib/crop-image';

stubObjectUrls();

afterEach(() => {
  cleanup();
  resetToasts();
});

function renderDialog(onCropped = vi.fn(async () => {})) {
  renderWithApp(
    <ImageCropDialog
      open
      onOpenChange={vi.fn()}
      title="Update Profile Picture"
      aspect={1}
      circular
      maxBytes={5 * 1024 * 1024}
      output={{ width: 200, height: 200 }}
      onCropped={onCropped}
      cropHint="Adjust the crop area to select your profile picture."
      saveLabel="Save Avatar"
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Update Profile Picture' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { dialog, choose, onCropped };
}

describe('ImageCropDialog', () => {
  it('offers click or drag and drop with the size hint', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByText('PNG, JPG, GIF up to 5MB')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Click to upload/ })).toBeTruthy();
  });

  it('refuses a file that is not an image', () => {
    const { dialog, choose } = renderDialog();
    choose(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select an image file.')).toBeTruthy();
    expect(within(dialog).queryByText('Adjust the crop area to select your profile picture.')).toBeNull();
  });

  it('refuses an image over the limit', () => {
    const { choose } = renderDialog();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    choose(big);
    expect(screen.getByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please select an image under 5MB.')).toBeTruthy();
  });

  it('shows the crop step for an image and needs a crop before saving', () => {
    const { dialog, choose, onCropped } = renderDialog();
    choose(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    expect(within(dialog).getByText('Adjust the crop area to select your profile picture.')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Crop preview' }).getAttribute('src')).toBe('blob:preview');
    expect(within(dialog).getByRole('button', { name: 'Choose Different Image' })).toBeTruthy();

    // jsdom never loads the image, so no crop has been set yet.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Avatar' }));
    expect(screen.getByText('Missing requirements')).toBeTruthy();
    expect(screen.getByText('Please select an image and adjust the crop area.')).toBeTruthy();
    expect(onCropped).not.toHaveBeenCalled();
  });
});

describe('nudgeStep', () => {
  it('moves 1 px, 10 with Shift, 100 with Ctrl or Cmd', () => {
    expect(nudgeStep({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe(1);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: false })).toBe(10);
    expect(nudgeStep({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe(100);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: true })).toBe(100);
  });
});

describe('outputSize', () => {
  it('is exact for the avatar and scales a large banner down to its maximum width', () => {
    expect(outputSize({ width: 900, height: 900 }, { width: 200, height: 200 })).toEqual({ width: 200, height: 200 });
    expect(outputSize({ width: 3840, height: 2160 }, { maxWidth: 1920 })).toEqual({ width: 1920, height: 1080 });
    expect(outputSize({ width: 640, height: 360 }, { maxWidth: 1920 })).toEqual({ width: 640, height: 360 });
  });
});
