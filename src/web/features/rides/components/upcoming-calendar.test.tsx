import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { buildRide } from '../../../test/ride-fixture';
import UpcomingCalendar from './upcoming-calendar';
import { rideDays } from './upcoming-filters';
import { render } from '../../../test/utils';
import { usePseudoLocale } from '../../../test/pseudo-locale';

afterEach(cleanup);

describe('UpcomingCalendar', () => {
  it('highlights every day of a multi-day ride, from its start day to its end day on the ride’s clock', () => {
    // Dec 5, 09:00 to the end of Dec 7 in UTC+01:00; a day trip on Dec 12.
    const tour = buildRide({ id: 'tour', startDate: '2026-12-05T08:00:00.000Z', endDate: '2026-12-07T22:59:59.999Z', timezoneOffset: 'UTC+01:00' });
    const trip = buildRide({ id: 'trip', startDate: '2026-12-12T08:00:00.000Z', endDate: '2026-12-12T22:59:59.999Z', timezoneOffset: 'UTC+01:00' });
    const onSelect = vi.fn();
    render(<UpcomingCalendar days={rideDays([tour, trip])} selected="" onSelect={onSelect} />);
    const highlighted = screen.getAllByRole('button', { name: /has rides$/ }).map((b) => b.textContent);
    expect(highlighted).toEqual(['5', '6', '7', '12']);
    expect(screen.getByRole('button', { name: /December 8th, 2026$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /December 6th, 2026, has rides/ }));
    expect(onSelect).toHaveBeenCalledWith('2026-12-06');
  });

  it('says its texts again in the language the rider switches to', () => {
    const trip = buildRide({ id: 'trip', startDate: '2026-12-12T08:00:00.000Z', endDate: '2026-12-12T22:59:59.999Z', timezoneOffset: 'UTC+01:00' });
    render(<UpcomingCalendar days={rideDays([trip])} selected="" onSelect={vi.fn()} />);
    expect(screen.getByText('Days with rides')).toBeTruthy();
    act(() => usePseudoLocale());
    expect(screen.queryByText('Days with rides')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /has rides$/ })).toEqual([]);
    // The footer and the highlighted day's label, in the pseudo-language; the month and the days' names are the calendar library's.
    expect(screen.getByText(/^\[.+\]$/).closest('p')).toBeTruthy();
    expect(screen.getByRole('button', { name: /December 12th, 2026~, .+\]$/ })).toBeTruthy();
  });
});
