import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { resetToasts } from '../ui/toast-store';
import { renderWithApp } from '../../test/utils';
import { UploadMediaDialog } from './upload-media-dialog';

afterEach(() => {
  cleanup();
  resetToasts();
});

function pick(files: File[]) {
  fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files } });
}

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('UploadMediaDialog', () => {
  it("refuses a file over 50MB with 'File too large' and keeps the rest", async () => {
    renderWithApp(<UploadMediaDialog open onOpenChange={() => undefined} destination={{ associatedType: 'profile' }} />);
    pick([sized('huge.mp4', 'video/mp4', 50 * 1024 * 1024 + 1), sized('ok.jpg', 'image/jpeg', 1000)]);
    await screen.findByText('File too large');
    expect(screen.getByText('Please upload files smaller than 50MB.')).toBeTruthy();
    expect(screen.getByText('ok.jpg')).toBeTruthy();
    expect(screen.queryByText('huge.mp4')).toBeNull();
  });

  it("refuses other types with 'Unsupported file type', and takes a .gpx file whatever its type", async () => {
    renderWithApp(<UploadMediaDialog open onOpenChange={() => undefined} destination={{ associatedType: 'profile' }} />);
    pick([sized('page.html', 'text/html', 10), sized('ride.gpx', '', 10)]);
    await screen.findByText('Unsupported file type');
    expect(screen.getByText('Please upload GIF, JPEG, PNG, MP4, or GPX files only.')).toBeTruthy();
    expect(screen.getByText('ride.gpx')).toBeTruthy();
  });

  it("says 'No files selected' when there is nothing to upload", async () => {
    renderWithApp(<UploadMediaDialog open onOpenChange={() => undefined} destination={{ associatedType: 'profile' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('No files selected');
    expect(screen.getByText('Please select at least one file to upload.')).toBeTruthy();
  });
});
