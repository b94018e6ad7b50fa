import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { checkRows, MotorcyclesCard, newRow } from './motorcycles-card';

afterEach(resetTestEnvironment);

const now = new Date('2025-06-01T00:00:00Z');
const row = (brand: string, model: string, year: string, color: string) => ({ ...newRow(undefined, now), brand, model, year, color });

describe('checkRows', () => {
  it('drops rows missing a brand, model or colour and keeps full ones', () => {
    expect(checkRows([row('Ducati', 'Monster', '2020', 'Red'), row('BMW', '', '2019', 'Blue'), row('', '', '2025', '')], now)).toEqual({
      ok: true,
      motorcycles: [{ brand: 'Ducati', model: 'Monster', year: 2020, color: 'Red' }],
    });
  });

  it('needs at least one full row', () => {
    expect(checkRows([row('BMW', 'R 1250 GS', '2019', '')], now)).toEqual({ ok: false, message: 'Please add at least one motorcycle with all fields filled.', rowKeys: [] });
  });

  it('accepts years from 1900 to next year only', () => {
    expect(checkRows([row('Indian', 'Scout', '1900', 'Black'), row('KTM', '890', '2026', 'Orange')], now).ok).toBe(true);
    const early = row('Indian', 'Scout', '1899', 'Black');
    expect(checkRows([early], now)).toEqual({ ok: false, message: 'Year must be between 1900 and 2026.', rowKeys: [early.key] });
    expect(checkRows([row('KTM', '890', '2027', 'Orange')], now).ok).toBe(false);
    expect(checkRows([row('KTM', '890', '', 'Orange')], now).ok).toBe(false);
    expect(checkRows([row('KTM', '890', '2020.5', 'Orange')], now).ok).toBe(false);
  });
});

describe('MotorcyclesCard', () => {
  it('lists the bikes, with no edit controls for visitors', () => {
    mockApi({});
    renderWithApp(<MotorcyclesCard accountId="u_1" canEdit={false} motorcycles={[{ brand: 'Ducati', model: 'Monster', year: 2020, color: 'Red' }]} />);
    expect(screen.getByText('Ducati Monster')).toBeTruthy();
    expect(screen.getByText('2020 · Red')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('lets the owner add and remove rows, always keeping one, and saves only full rows', async () => {
    const requests = mockApi({ 'PUT /api/users/u_1/motorcycles': () => json({}) });
    renderWithApp(<MotorcyclesCard accountId="u_1" canEdit motorcycles={[]} />);
    expect(screen.getByText('No motorcycles added yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add motorcycles' }));
    const form = screen.getByRole('form', { name: 'Edit motorcycles' });
    expect(within(form).getAllByRole('listitem')).toHaveLength(1);
    expect((within(form).getByRole('button', { name: 'Remove motorcycle 1' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: 'Add Motorcycle' }));
    expect(within(form).getAllByRole('listitem')).toHaveLength(2);
    expect((within(form).getByRole('button', { name: 'Remove motorcycle 1' }) as HTMLButtonElement).disabled).toBe(false);

    const brands = within(form).getAllByLabelText('Brand');
    const models = within(form).getAllByLabelText('Model');
    const years = within(form).getAllByLabelText('Year');
    const colors = within(form).getAllByLabelText('Color');
    fireEvent.change(brands[0]!, { target: { value: 'Moto Guzzi' } });
    fireEvent.change(models[0]!, { target: { value: 'V85 TT' } });
    fireEvent.change(years[0]!, { target: { value: '2021' } });
    fireEvent.change(colors[0]!, { target: { value: 'Sand' } });
    fireEvent.change(brands[1]!, { target: { value: 'Half filled' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Save Motorcycles' }));
    expect(await screen.findByText('Motorcycles updated')).toBeTruthy();
    expect(requests).toEqual([
      { method: 'PUT', url: '/api/users/u_1/motorcycles', body: { motorcycles: [{ brand: 'Moto Guzzi', model: 'V85 TT', year: 2021, color: 'Sand' }] } },
    ]);
  });

  it('refuses to save without one full row', () => {
    const requests = mockApi({});
    renderWithApp(<MotorcyclesCard accountId="u_1" canEdit motorcycles={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add motorcycles' }));
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'BMW' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Motorcycles' }));
    expect(screen.getAllByText('Please add at least one motorcycle with all fields filled.').length).toBeGreaterThan(0);
    expect(requests).toHaveLength(0);
  });

  it('removes a row', () => {
    mockApi({});
    renderWithApp(
      <MotorcyclesCard
        accountId="u_1"
        canEdit
        motorcycles={[
          { brand: 'Ducati', model: 'Monster', year: 2020, color: 'Red' },
          { brand: 'BMW', model: 'R 1250 GS', year: 2019, color: 'Blue' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit motorcycles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove motorcycle 1' }));
    const brands = screen.getAllByLabelText('Brand') as HTMLInputElement[];
    expect(brands.map((b) => b.value)).toEqual(['BMW']);
    expect((screen.getByRole('button', { name: 'Remove motorcycle 1' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
