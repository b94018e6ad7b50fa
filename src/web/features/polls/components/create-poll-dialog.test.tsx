import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, addMonths, format, startOfMonth, subDays } from 'date-fns';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import CreatePollDialog from './create-poll-dialog';

// A calendar and a form in jsdom: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(resetTestEnvironment);

const nextMonth = startOfMonth(addMonths(new Date(), 1));

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithApp(<CreatePollDialog groupId="g1" groupName="Night Riders" open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Create Poll' });
  return { dialog, onOpenChange };
}

function fillRequired(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Poll Title'), { target: { value: 'Dolomites weekend' } });
  fireEvent.change(within(dialog).getByLabelText('Destination'), { target: { value: 'Passo Giau' } });
}

/** The calendar's day button (its label reads like "Monday, June 15th, 2026"). */
function dayButton(dialog: HTMLElement, date: Date) {
  return within(dialog).getByLabelText(new RegExp(format(date, 'PPPP')), { selector: 'button' });
}

describe('CreatePollDialog', () => {
  it('refuses to create a poll without proposed dates', async () => {
    const requests = mockApi({});
    const { dialog } = renderDialog();
    fillRequired(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Please select dates')).toBeTruthy();
    expect(screen.getByText('You need to propose at least one date for the ride.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('checks title, destination and deadline with the spec messages', async () => {
    mockApi({});
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Voting Deadline'), { target: { value: format(subDays(new Date(), 1), "yyyy-MM-dd'T'HH:mm") } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Poll' }));
    expect(await within(dialog).findByText('Poll title is required')).toBeTruthy();
    expect(within(dialog).getByText('Destination is required')).toBeTruthy();
    expect(within(dialog).getByText('Deadline must be in the future')).toBeTruthy();
  });

  it('offers the duration choices 1, 2, 3, 4, 5, 7 and 14 days and a deadline 7 days ahead', () => {
    mockApi({});
    const { dialog } = renderDialog();
    const options = within(within(dialog).getByLabelText('Duration')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['1', '2', '3', '4', '5', '7', '14']);
    const deadline = (within(dialog).getByLabelText('Voting Deadline') as HTMLInputElement).value;
    const days = (new Date(deadline).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.98);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('disables past days on the calendar', () => {
    mockApi({});
    const { dialog } = renderDialog();
    const today = new Date();
    if (today.getDate() > 1) {
      expect((dayButton(dialog, subDays(today, 1)) as HTMLButtonElement).disabled).toBe(true);
    }
    expect((dayButton(dialog, today) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps picked days sorted, lets a pick be undone, and sends them as UTC days', async () => {
    const requests = mockApi({
      'POST /api/polls': (request) => json({ id: 'p1', groupId: 'g1', ...(request.body as object) }, 201),
    });
    const { dialog, onOpenChange } = renderDialog();
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByLabelText('Duration'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText(/next month/i, { selector: 'button' }));

    const [d12, d10, d20] = [addDays(nextMonth, 11), addDays(nextMonth, 9), addDays(nextMonth, 19)];
    fireEvent.click(dayButton(dialog, d12));
    fireEvent.click(dayButton(dialog, d20));
    fireEvent.click(dayButton(dialog, d10));
    const chips = () => within(within(dialog).getByRole('list', { name: 'Selected dates' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips()).toEqual([format(d10, 'EEE, MMM d'), format(d12, 'EEE, MMM d'), format(d20, 'EEE, MMM d')]);
    expect(within(dialog).getByText('3 dates selected')).toBeTruthy();

    // A second click on a day takes it back; so does the chip's remove button.
    fireEvent.click(dayButton(dialog, d20));
    fireEvent.click(within(dialog).getByRole('button', { name: `Remove ${format(d12, 'MMM d, yyyy')}` }));
    expect(chips()).toEqual([format(d10, 'EEE, MMM d')]);
    fireEvent.click(dayButton(dialog, d12));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Poll' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({
      title: 'Dolomites weekend',
      destination: 'Passo Giau',
      description: null,
      durationDays: 2,
      groupId: 'g1',
      proposedDates: [`${format(d10, 'yyyy-MM-dd')}T00:00:00.000Z`, `${format(d12, 'yyyy-MM-dd')}T00:00:00.000Z`],
    });
    expect(await screen.findByText('Poll created')).toBeTruthy();
  });

  it('says so when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/polls': () => json({ message: 'nope' }, 500) });
    const { dialog, onOpenChange } = renderDialog();
    fillRequired(dialog);
    fireEvent.click(within(dialog).getByLabelText(/next month/i, { selector: 'button' }));
    fireEvent.click(dayButton(dialog, addDays(nextMonth, 3)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Failed to create poll')).toBeTruthy();
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
