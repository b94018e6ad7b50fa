import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { UploadDestinationSelect } from './upload-destination-select';

afterEach(cleanup);

describe('UploadDestinationSelect', () => {
  it('offers the gallery, the rides the rider rode lately or will ride, and the groups they belong to (not those still pending)', async () => {
    mockApi({
      'GET /api/users/u_1/recent-rides': () => json([{ id: 'r_past', name: 'Sunday at the Futa', groupName: 'Bologna Riders', groupSlug: 'bologna-riders', slug: 'sunday', startTime: '2026-11-15T08:00:00.000Z', totalDistanceKm: 120 }]),
      'GET /api/rides/upcoming': () => json([buildRide({ id: 'r_next', name: 'Raticosa at dawn', startDate: '2026-12-05T08:00:00.000Z' })]),
      // The select reads a group's id, name and the rider's standing in it.
      'GET /api/groups': () => json([{ id: 'g1', name: 'Bologna Riders', membershipStatus: 'co_organizer' }, { id: 'g2', name: 'Waiting Club', membershipStatus: 'pending' }]),
    });
    const onChange = vi.fn();
    renderWithApp(<UploadDestinationSelect userId="u_1" value={{ associatedType: 'profile' }} onChange={onChange} />);
    const select = screen.getByLabelText('Add to') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    expect([...select.options].map((o) => o.textContent)).toEqual(['My gallery', expect.stringMatching(/^Sunday at the Futa · /), expect.stringMatching(/^Raticosa at dawn · /), 'Bologna Riders']);
    fireEvent.change(select, { target: { value: 'ride:r_past' } });
    expect(onChange).toHaveBeenLastCalledWith({ associatedType: 'ride', associatedId: 'r_past' });
    fireEvent.change(select, { target: { value: 'group:g1' } });
    expect(onChange).toHaveBeenLastCalledWith({ associatedType: 'group', associatedId: 'g1' });
  });
});
