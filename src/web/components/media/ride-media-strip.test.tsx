import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../ui/toast-store';
import { buildCurrentUser, json, mockApi, renderWithApp } from '../../test/utils';
import { buildRide } from '../../test/ride-fixture';
import { buildMediaItem } from '../../test/media-fixture';
import { RideMediaStrip } from './ride-media-strip';

afterEach(() => {
  cleanup();
  resetToasts();
});

const photo = buildMediaItem({ id: 'p1', originalName: 'hairpin.jpg', description: 'Hairpins above the lake', thumbnailUrl: '/media/files/p1.thumb.jpg' });
const theirs = buildMediaItem({ id: 'p2', originalName: 'lunch.jpg', abilities: { edit: false, delete: true } });
const route = buildMediaItem({ id: 'g1', originalName: 'route.gpx', fileType: 'gpx', mimeType: 'application/gpx+xml' });
const mayAdd = (addMedia: boolean) => buildRide({ abilities: { join: false, leave: true, edit: false, delete: false, comment: true, uploadMedia: false, addMedia } });

function withMedia(items: unknown[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/users/current': () => json(buildCurrentUser()), 'GET /api/media': () => json(items), ...extra });
}

describe('RideMediaStrip', () => {
  it('lists the photos and videos (not the GPX route) as buttons named by the file, with the description as alt text', async () => {
    withMedia([photo, theirs, route]);
    renderWithApp(<RideMediaStrip ride={mayAdd(false)} />);
    const list = await screen.findByRole('list', { name: 'Photos and videos of Futa Loop' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: /View hairpin\.jpg full size/ })).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Hairpins above the lake' })).toBeTruthy();
    expect(screen.queryByText('route.gpx')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
  });

  it('opens the gallery viewer at the chosen item, and steps through the strip with Previous, Next and the arrow keys', async () => {
    withMedia([photo, theirs]);
    renderWithApp(<RideMediaStrip ride={mayAdd(false)} />);
    fireEvent.click(await screen.findByRole('button', { name: /View lunch\.jpg full size/ }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('heading', { name: 'lunch.jpg' })).toBeTruthy();
    expect(within(viewer).getByText('2 of 2')).toBeTruthy();
    expect((within(viewer).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(within(viewer).getByRole('heading', { name: 'lunch.jpg' }), { key: 'ArrowLeft' });
    await within(viewer).findByRole('heading', { name: 'hairpin.jpg' });
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    await within(viewer).findByRole('heading', { name: 'lunch.jpg' });
  });

  it('offers Delete only where the item allows it, asks first, then deletes', async () => {
    const requests = withMedia([photo, theirs], { 'DELETE /api/media/p2': () => json({ success: true }) });
    renderWithApp(<RideMediaStrip ride={mayAdd(false)} />);
    await screen.findByRole('list', { name: 'Photos and videos of Futa Loop' });
    expect(screen.queryByRole('button', { name: 'Delete hairpin.jpg' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete lunch.jpg' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete media?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Media deleted');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'DELETE', url: '/api/media/p2' }));
  });

  it('shows an empty strip with Add photos to whoever may add, and opens an upload for photos and videos of this ride', async () => {
    withMedia([route]);
    renderWithApp(<RideMediaStrip ride={mayAdd(true)} />);
    await screen.findByText(/No photos yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    expect(within(dialog).getByText('GIF, JPEG, PNG or MP4, up to 50MB each')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Choose files to upload'), { target: { files: [new File(['x'], 'track.gpx', { type: '' })] } });
    await screen.findByText('Please add GIF, JPEG, PNG or MP4 files to a ride.');
  });

  it('is absent for a ride without photos that the viewer may not add to', async () => {
    const requests = withMedia([route]);
    renderWithApp(<RideMediaStrip ride={mayAdd(false)} />);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/media'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Photos and videos' })).toBeNull();
  });
});
