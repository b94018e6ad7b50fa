import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { json, mockApi, renderWithApp } from '../test/utils';
import { LocationSearchInput } from './location-search-input';
import type { SelectedPlace } from '../lib/location-search';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const results = ['Bologna', 'Bolzano', 'Bolton', 'Boleslawiec', 'Bolgatanga', 'Bolivar'].map((name, i) => ({
  place_id: `p${i}`,
  display_name: `${name}, Somewhere`,
  lat: String(44 + i),
  lon: String(11 + i),
  type: 'city',
}));

function Field({ onSelect }: { onSelect: (place: SelectedPlace) => void }) {
  const [text, setText] = useState('');
  return <LocationSearchInput label="Location" value={text} onTextChange={setText} onSelect={onSelect} />;
}

describe('LocationSearchInput', () => {
  it('searches from 3 characters after typing stops and offers the first 5 results', async () => {
    const requests = mockApi({ 'GET /api/search-location': () => json(results) });
    renderWithApp(<Field onSelect={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Location' });

    fireEvent.change(input, { target: { value: 'Bo' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(requests).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Bol' } });
    fireEvent.change(input, { target: { value: 'Bolo' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(requests.map((r) => r.url)).toEqual(['/api/search-location?q=Bolo']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('chooses a suggestion with the arrow keys and Enter, handing on its name and coordinates', async () => {
    mockApi({ 'GET /api/search-location': () => json(results) });
    const onSelect = vi.fn();
    renderWithApp(<Field onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement;

    fireEvent.change(input, { target: { value: 'Bolo' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(onSelect).toHaveBeenCalledWith({ address: 'Bolzano, Somewhere', latitude: 45, longitude: 12 });
    expect(input.value).toBe('Bolzano, Somewhere');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('empties and closes the list without a message when the search fails', async () => {
    let fail = false;
    mockApi({ 'GET /api/search-location': () => (fail ? new Response('{"message":"boom"}', { status: 500 }) : json(results)) });
    renderWithApp(<Field onSelect={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Location' });

    fireEvent.change(input, { target: { value: 'Bolo' } });
    await screen.findAllByRole('option');
    fail = true;
    fireEvent.change(input, { target: { value: 'Bolog' } });
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
