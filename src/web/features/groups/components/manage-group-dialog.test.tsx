import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment, stubResizeObserver } from '../../../test/utils';
import { buildGroup } from '../../../test/build-group';
import { ManageGroupDialog } from './manage-group-dialog';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(stubResizeObserver);

afterEach(resetTestEnvironment);

describe('ManageGroupDialog', () => {
  it('shows the group’s zone and saves the zone chosen by city, with the spec’s offset and city beside it', async () => {
    const group = buildGroup({ membershipStatus: 'owner' });
    const requests = mockApi({ 'GET /api/users/current': () => json(buildCurrentUser()), 'PATCH /api/groups/g1': () => json(group) });
    const onOpenChange = vi.fn();
    renderWithApp(<ManageGroupDialog group={group} open onOpenChange={onOpenChange} />);
    const picker = await screen.findByRole('button', { name: /Timezone/ });
    expect(picker.textContent).toMatch(/UTC\+0[12]:00 - Berlin/);

    fireEvent.click(picker);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search timezones' }), { target: { value: 'denver' } });
    fireEvent.click(screen.getByRole('option', { name: /Denver/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ timezone: 'America/Denver', timezoneName: 'Denver', timezoneOffset: expect.stringMatching(/^UTC-0[67]:00$/) as string });
  });
});
