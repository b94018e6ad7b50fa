import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { json, mockApi, renderWithApp } from '../test/utils';
import { LocationSearchInput } from './location-search-input';
import { type SelectedPlace } from '../api/geocoding';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
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
    // The clock moves only when the test says so: the debounce is measured, not waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = mockApi({ 'GET /api/search-location': () => json(results) });
    renderWithApp(<Field onSelect={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Location' });

    fireEvent.change(input, { target: { value: 'Bo' } });
    await vi.advanceTimersByTimeAsync(400);
    expect(requests).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Bol' } });
    fireEvent.change(input, { target: { value: 'Bolo' } });
    await vi.advanceTimersByTimeAsync(299);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // vi.waitFor moves the fake clock between its checks.
    const options = await vi.waitFor(() => {
      const shown = screen.getAllByRole('option');
      expect(shown.length).toBeGreaterThan(0);
      return shown;
    });
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

function ResolvingField({ onSelect }: { onSelect: (place: SelectedPlace) => void }) {
  const [text, setText] = useState('');
  const [textOnly, setTextOnly] = useState(false);
  return (
    <LocationSearchInput
      label="Start"
      value={text}
      onTextChange={(next) => {
        setText(next);
        setTextOnly(false);
      }}
      onSelect={onSelect}
      near={{ latitude: 44.49, longitude: 11.34 }}
      resolve={{ textOnly, onKeepTextOnly: () => setTextOnly(true) }}
    />
  );
}

describe('LocationSearchInput resolving typed text', () => {
  it('leaves typed text alone on blur when resolving is not asked for (a search box)', async () => {
    const requests = mockApi({ 'GET /api/search-location': () => json(results) });
    const onSelect = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithApp(<Field onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'Bo' } });
    fireEvent.blur(input);
    // Well past the 300 ms debounce, and past any look-up a blur could start.
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests.filter((r) => r.url.startsWith('/api/search-location'))).toHaveLength(0);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('places typed text with the best suggestion near the given point, announces it and lets the rider keep the typed text instead', async () => {
    const requests = mockApi({ 'GET /api/search-location': () => json(results) });
    const onSelect = vi.fn();
    renderWithApp(<ResolvingField onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Bo' } });
    fireEvent.blur(input);

    const note = await screen.findByText('Bo → Bologna, Somewhere');
    expect(requests.map((r) => r.url)).toContain('/api/search-location?q=Bo&near=44.4900%2C11.3400');
    expect(onSelect).toHaveBeenCalledWith({ address: 'Bologna, Somewhere', latitude: 44, longitude: 11 });
    expect(input.value).toBe('Bologna, Somewhere');
    const live = note.closest('[aria-live="polite"]')!;
    expect(input.getAttribute('aria-describedby')).toBe(live.id);

    fireEvent.click(screen.getByRole('button', { name: 'Keep “Bo” as text only' }));
    expect(input.value).toBe('Bo');
    expect(await screen.findByText('“Bo” is kept as text only (not on the map).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pick a place on the map' })).toBeTruthy();
  });

  it('says when nothing matches and offers the two choices as buttons', async () => {
    mockApi({ 'GET /api/search-location': () => json([]) });
    renderWithApp(<ResolvingField onSelect={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Start' });
    fireEvent.change(input, { target: { value: 'Xyzzy' } });
    fireEvent.blur(input);
    expect(await screen.findByText('No place found for “Xyzzy”. Pick another, or keep it as text only.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pick another' }));
    expect(document.activeElement).toBe(input);
    expect(screen.queryByText(/No place found/)).toBeNull();
  });
});
