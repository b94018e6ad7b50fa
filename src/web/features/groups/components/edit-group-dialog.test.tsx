import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { GROUP_NAME_TAKEN } from '../../../../shared/groups/group';
import { buildGroup } from '../../../test/build-group';
import { EditGroupDialog } from './edit-group-dialog';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

function renderDialog(answer: () => Response) {
  const requests = mockApi({ 'GET /api/users/current': () => json(buildCurrentUser()), 'PATCH /api/groups/g1': answer });
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  renderWithApp(<EditGroupDialog group={buildGroup({ membershipStatus: 'owner' })} open onOpenChange={onOpenChange} onSaved={onSaved} />);
  return { requests, onSaved, onOpenChange };
}

describe('EditGroupDialog', () => {
  it('starts from the group and saves name, description and location', async () => {
    const saved = buildGroup({ membershipStatus: 'owner', name: 'Night Owls', slug: 'night-owls' });
    const { requests, onSaved } = renderDialog(() => json(saved));
    const name = await screen.findByLabelText('Group Name');
    expect((name as HTMLInputElement).value).toBe('Night Riders');
    fireEvent.change(name, { target: { value: 'Night Owls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Night Owls',
      description: 'Evening loops',
      location: 'Bologna, Emilia-Romagna, Italy',
      latitude: 44.49,
      longitude: 11.34,
    });
    expect(await screen.findByText('Night Owls has been updated.')).toBeTruthy();
  });

  it('says when the name is taken, at the name', async () => {
    const { onSaved } = renderDialog(() => json({ message: GROUP_NAME_TAKEN }, 409));
    fireEvent.change(await screen.findByLabelText('Group Name'), { target: { value: 'Taken Riders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText(GROUP_NAME_TAKEN)).not.toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a hyphen in the name before asking the server', async () => {
    const { requests } = renderDialog(() => json({}));
    fireEvent.change(await screen.findByLabelText('Group Name'), { target: { value: 'Night-Riders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Group names cannot contain hyphens (reserved for URLs)')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
