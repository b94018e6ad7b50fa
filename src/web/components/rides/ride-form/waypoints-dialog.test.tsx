import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { WaypointsDialog } from './waypoints-dialog';
import type { WaypointRow } from './ride-form-model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const places = [
  { place_id: 'p1', display_name: 'Modena, Emilia-Romagna, Italy', lat: '44.6471', lon: '10.9252', type: 'city' },
  { place_id: 'p2', display_name: 'Modica, Sicily, Italy', lat: '36.8584', lon: '14.7608', type: 'town' },
];

function open(waypoints: WaypointRow[] = []) {
  const onSave = vi.fn();
  const onOpenChange = vi.fn();
  renderWithApp(<WaypointsDialog open onOpenChange={onOpenChange} waypoints={waypoints} onSave={onSave} startLocation="Bologna, Italy" endLocation="Parma, Italy" />);
  const dialog = screen.getByRole('dialog', { name: 'Configure Route Waypoints' });
  return { dialog, onSave, onOpenChange };
}

const rows = (dialog: HTMLElement) => within(dialog).getAllByRole('combobox');

describe('WaypointsDialog', () => {
  it('opens with one row whose remove button is disabled, and its texts', () => {
    const { dialog } = open();
    expect(within(dialog).getByText('Add up to 10 waypoints to create a detailed route. Waypoints will be visited in order.')).toBeTruthy();
    expect(rows(dialog)).toHaveLength(1);
    expect((within(dialog).getByRole('button', { name: 'Remove waypoint 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Add Waypoint (1/10)' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Waypoints (0)' })).toBeTruthy();
  });

  it('adds rows up to 10, and then refuses more', () => {
    const { dialog } = open();
    for (let n = 1; n < 10; n++) fireEvent.click(within(dialog).getByRole('button', { name: `Add Waypoint (${n}/10)` }));
    expect(rows(dialog)).toHaveLength(10);
    const add = within(dialog).getByRole('button', { name: 'Add Waypoint (10/10)' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(rows(dialog)).toHaveLength(10);
  });

  it('removes any row but the last one', () => {
    const { dialog } = open([
      { name: 'Modena', latitude: 44.6, longitude: 10.9 },
      { name: 'Reggio Emilia', latitude: 44.7, longitude: 10.6 },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove waypoint 1' }));
    expect(rows(dialog).map((r) => (r as HTMLInputElement).value)).toEqual(['Reggio Emilia']);
    expect((within(dialog).getByRole('button', { name: 'Remove waypoint 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves only named rows, with the coordinates of the chosen suggestion, and summarises the route', async () => {
    mockApi({ 'GET /api/search-location': (request) => json(request.url.includes('Fornovo') ? [] : places) });
    const { dialog, onSave, onOpenChange } = open();
    fireEvent.change(rows(dialog)[0]!, { target: { value: 'Mo' } });
    // Waypoint rows search from 2 characters.
    fireEvent.click(await within(dialog).findByRole('option', { name: /Modena/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Waypoint (1/10)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Waypoint (2/10)' }));
    fireEvent.change(rows(dialog)[2]!, { target: { value: 'Fornovo' } });

    const summary = within(dialog).getByRole('region', { name: 'Route summary' });
    expect(summary.textContent).toContain('Bologna');
    expect(summary.textContent).toContain('Modena');
    expect(summary.textContent).toContain('Fornovo');
    expect(summary.textContent).toContain('Parma');

    // A typed row nothing matches is not saved until the rider decides.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Waypoints (2)' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Pick a place from the suggestions, or keep it as text only')).toBeTruthy();
    fireEvent.blur(rows(dialog)[2]!);
    expect(await within(dialog).findByText('No place found for “Fornovo”. Pick another, or keep it as text only.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as text only (not on the map)' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Waypoints (2)' }));
    expect(onSave).toHaveBeenCalledWith([
      { name: 'Modena, Emilia-Romagna, Italy', latitude: 44.6471, longitude: 10.9252 },
      { name: 'Fornovo', latitude: null, longitude: null },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('forgets a row\'s place when its text changes, and places the new text with the best suggestion on blur', async () => {
    mockApi({ 'GET /api/search-location': () => json(places) });
    const { dialog, onSave } = open([{ name: 'Modena, Emilia-Romagna, Italy', latitude: 44.6471, longitude: 10.9252 }]);
    fireEvent.change(rows(dialog)[0]!, { target: { value: '' } });
    fireEvent.change(rows(dialog)[0]!, { target: { value: 'Mod' } });
    fireEvent.blur(rows(dialog)[0]!);
    expect(await within(dialog).findByText('Mod → Modena, Emilia-Romagna, Italy')).toBeTruthy();
    expect((rows(dialog)[0] as HTMLInputElement).value).toBe('Modena, Emilia-Romagna, Italy');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Waypoints (1)' }));
    expect(onSave).toHaveBeenCalledWith([{ name: 'Modena, Emilia-Romagna, Italy', latitude: 44.6471, longitude: 10.9252 }]);
  });

  it('opens saved rows without coordinates as kept text only', () => {
    const { dialog, onSave } = open([{ name: 'Passo della Futa', latitude: null, longitude: null }]);
    expect(within(dialog).getByText('“Passo della Futa” is kept as text only (not on the map).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Waypoints (1)' }));
    expect(onSave).toHaveBeenCalledWith([{ name: 'Passo della Futa', latitude: null, longitude: null }]);
  });

  it('Cancel closes without saving', () => {
    const { dialog, onSave, onOpenChange } = open([{ name: 'Modena', latitude: 44.6, longitude: 10.9 }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
