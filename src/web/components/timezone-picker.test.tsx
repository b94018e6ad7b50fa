import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { filterZones, timeInZone, TimezoneClock, TimezonePicker, zoneOptions, type ZoneOption } from './timezone-picker';
import { render } from '../test/utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = 'UTC', at, onChange = vi.fn() }: { initial?: string; at?: string; onChange?: (tz: ZoneOption) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimezonePicker
      label="Timezone"
      value={value}
      at={at}
      onChange={(tz) => {
        setValue(tz.zone);
        onChange(tz);
      }}
    />
  );
}

const JULY = Date.UTC(2027, 6, 4, 12);
const JANUARY = Date.UTC(2027, 0, 10, 12);

describe('zoneOptions and filterZones', () => {
  it("lists every zone the browser knows with the spec's offset label on the date concerned, searchable by city, zone or offset", () => {
    const july = zoneOptions(JULY);
    expect(july.length).toBeGreaterThan(300);
    expect(july.find((tz) => tz.zone === 'Europe/Rome')).toMatchObject({ offset: 'UTC+02:00', name: 'Rome', label: 'UTC+02:00 - Rome' });
    expect(zoneOptions(JANUARY).find((tz) => tz.zone === 'Europe/Rome')?.offset).toBe('UTC+01:00');
    // A derived offset the spec's list lacks: St. John's in summer.
    expect(july.find((tz) => tz.zone === 'America/St_Johns')?.offset).toBe('UTC-02:30');
    expect(filterZones(july, 'kath').map((tz) => tz.zone)).toEqual(['Asia/Kathmandu']);
    expect(filterZones(july, 'mumbai').map((tz) => tz.zone)).toEqual(['Asia/Kolkata']);
    expect(filterZones(july, 'new york').map((tz) => tz.zone)).toEqual(['America/New_York']);
    expect(filterZones(july, 'America/Denver').map((tz) => tz.label)).toEqual(['UTC-06:00 - Denver']);
    expect(filterZones(july, '+05:45').map((tz) => tz.zone)).toEqual(['Asia/Kathmandu']);
    expect(filterZones(july, 'atlantis')).toEqual([]);
    expect(filterZones(july, '  ')).toBe(july);
  });
});

describe('timeInZone', () => {
  it('shows the wall-clock time in the zone, summer time included', () => {
    expect(timeInZone('Asia/Kathmandu', Date.UTC(2025, 0, 1, 12))).toEqual({ time: '17:45:00', date: 'Wed, Jan 1' });
    expect(timeInZone('Europe/Rome', Date.UTC(2025, 6, 1, 12)).time).toBe('14:00:00');
    expect(timeInZone('Pacific/Kiritimati', Date.UTC(2025, 0, 1, 12))).toEqual({ time: '02:00:00', date: 'Thu, Jan 2' });
  });
});

describe('TimezonePicker', () => {
  it("searches by city and chooses a zone with the keyboard, showing the offset on the ride's date", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} at="2027-07-04T12:00:00.000Z" />);
    const trigger = screen.getByRole('button', { name: /Timezone/ });
    expect(trigger.textContent).toContain('UTC+00:00 - UTC');

    fireEvent.click(trigger);
    const search = screen.getByRole('combobox', { name: 'Search timezones' });
    fireEvent.change(search, { target: { value: 'rome' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['UTC+02:00Rome Europe/Rome']);
    fireEvent.keyDown(search, { key: 'Enter' });

    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ zone: 'Europe/Rome', offset: 'UTC+02:00', name: 'Rome', label: 'UTC+02:00 - Rome' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /Timezone/ }).textContent).toContain('UTC+02:00 - Rome');
  });

  it('shows a January date on the winter offset', () => {
    render(<Harness initial="Europe/Rome" at="2027-01-10T12:00:00.000Z" />);
    expect(screen.getByRole('button', { name: /Timezone/ }).textContent).toContain('UTC+01:00 - Rome');
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
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Timezone/ }));
    const search = screen.getByRole('combobox', { name: 'Search timezones' });
    fireEvent.change(search, { target: { value: 'dakota' } });
    // Beulah, Center and New Salem, on one offset: by city.
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ zone: 'America/North_Dakota/Center' }));
  });
});

describe('TimezoneClock', () => {
  it('shows the time in the zone and refreshes it every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 5, 1, 8, 30, 0));
    render(<TimezoneClock zone="Asia/Kolkata" />);
    expect(screen.getByText('14:00:00')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('14:00:01')).toBeTruthy();
  });

  it('says "Invalid timezone" for a zone the browser does not know', () => {
    render(<TimezoneClock zone="UTC+01:23" />);
    expect(screen.getByText('Invalid timezone')).toBeTruthy();
  });
});
