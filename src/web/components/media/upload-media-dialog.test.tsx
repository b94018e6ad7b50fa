import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { GUEST_UPLOAD_TOTAL_CODE, guestUploadTotalMessage, storageLimitMessage } from '../../../shared/media/storage-usage';
import { MB } from '../../../shared/media/limits';
import { answerUploadsWith, renderWithApp, resetTestEnvironment } from '../../test/utils';
import { UploadMediaDialog } from './upload-media-dialog';

afterEach(resetTestEnvironment);

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

  it("shows a guest refused for the network's daily guest total the server's message and a way to add an e-mail address", async () => {
    const message = guestUploadTotalMessage(500 * MB, 1000 * MB);
    answerUploadsWith(413, { message, code: GUEST_UPLOAD_TOTAL_CODE });
    renderWithApp(<UploadMediaDialog open onOpenChange={() => undefined} destination={{ associatedType: 'profile' }} />);
    pick([sized('ride.jpg', 'image/jpeg', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const list = await screen.findByRole('list', { name: 'Files to upload' });
    const refusal = await within(list).findByRole('alert');
    expect(refusal.textContent).toContain("Guests on this network have used today's 500 MB upload allowance. Add your email address to keep uploading, up to your own 1,000 MB storage limit.");
    const link = within(refusal).getByRole('link', { name: 'Add email address →' });
    expect(link.getAttribute('href')).toBe('/preferences?highlight=email');
  });

  it("offers no e-mail link for the rider's own storage limit", async () => {
    answerUploadsWith(413, { message: storageLimitMessage(100 * MB) });
    renderWithApp(<UploadMediaDialog open onOpenChange={() => undefined} destination={{ associatedType: 'profile' }} />);
    pick([sized('ride.jpg', 'image/jpeg', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const refusal = await within(await screen.findByRole('list', { name: 'Files to upload' })).findByRole('alert');
    expect(refusal.textContent).toBe('Your uploads would exceed your 100 MB storage limit');
    expect(within(refusal).queryByRole('link')).toBeNull();
  });
});
