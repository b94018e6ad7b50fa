import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { TIMEZONES, type TimezoneOption } from '../../shared/timezones/timezones';
import { filterTimezones, timeAtOffset, TimezoneClock, TimezonePicker } from './timezone-picker';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = 'UTC+00:00', onChange = vi.fn() }: { initial?: string; onChange?: (tz: TimezoneOption) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimezonePicker
      label="Timezone"
      value={value}
      onChange={(tz) => {
        setValue(tz.offset);
        onChange(tz);
      }}
    />
  );
}

describe('filterTimezones', () => {
  it('lists all 37 zones for an empty query and matches offsets and names ignoring case', () => {
    expect(filterTimezones('')).toHaveLength(37);
    expect(filterTimezones('  ')).toBe(TIMEZONES);
    expect(filterTimezones('kath').map((tz) => tz.offset)).toEqual(['UTC+05:45']);
    expect(filterTimezones('+05:30').map((tz) => tz.name)).toEqual(['Mumbai']);
    expect(filterTimezones('UTC-09').map((tz) => tz.name)).toEqual(['Marquesas Islands', 'Anchorage']);
    expect(filterTimezones('atlantis')).toEqual([]);
  });
});

describe('timeAtOffset', () => {
  it('shifts the clock by the offset, including half and quarter hours', () => {
    const noonUtc = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(timeAtOffset(0, noonUtc)).toEqual({ time: '12:00:00', date: 'Wed, Jan 1' });
    expect(timeAtOffset(5.75, noonUtc).time).toBe('17:45:00');
    expect(timeAtOffset(-12, noonUtc)).toEqual({ time: '00:00:00', date: 'Wed, Jan 1' });
    expect(timeAtOffset(14, noonUtc)).toEqual({ time: '02:00:00', date: 'Thu, Jan 2' });
  });
});

describe('TimezonePicker', () => {
  it('searches the list and chooses a zone with the keyboard', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Timezone/ });
    expect(trigger.textContent).toContain('UTC+00:00 - UTC');

    fireEvent.click(trigger);
    const search = screen.getByRole('combobox', { name: 'Search timezones' });
    expect(within(screen.getByRole('listbox', { name: 'Timezones' })).getAllByRole('option')).toHaveLength(37);

    fireEvent.change(search, { target: { value: 'kath' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['UTC+05:45Kathmandu']);
    fireEvent.keyDown(search, { key: 'Enter' });

    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ offset: 'UTC+05:45', name: 'Kathmandu', label: 'UTC+05:45 - Kathmandu', numericOffset: 5.75 }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /Timezone/ }).textContent).toContain('UTC+05:45 - Kathmandu');
  });

  it('says so when nothing matches', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Timezone/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search timezones' }), { target: { value: 'atlantis' } });
    expect(screen.getByText('No timezones found matching the query')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('moves through the options with the arrow keys', () => {
    const onChange = vi.fn();
    render(<Harness initial="UTC+01:00" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Timezone/ }));
    const search = screen.getByRole('combobox', { name: 'Search timezones' });
    // The chosen zone is highlighted first; two steps down is Moscow.
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'Moscow' }));
  });
});

describe('TimezoneClock', () => {
  it('shows the time in the zone and refreshes it every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 5, 1, 8, 30, 0));
    render(<TimezoneClock offset="UTC+05:30" />);
    expect(screen.getByText('14:00:00')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('14:00:01')).toBeTruthy();
  });

  it('says "Invalid timezone" for a value outside the list', () => {
    render(<TimezoneClock offset="UTC+01:23" />);
    expect(screen.getByText('Invalid timezone')).toBeTruthy();
  });
});
