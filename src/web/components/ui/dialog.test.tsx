import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { json, mockApi, renderWithApp } from '../../test/utils';
import { LocationSearchInput } from '../location-search-input';
import { Dialog, DialogClose, DialogContent, DialogTitle } from './dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const places = ['Bologna', 'Bolzano'].map((name, i) => ({ place_id: `p${i}`, display_name: `${name}, Italy`, lat: String(44 + i), lon: String(11 + i), type: 'city' }));

/** A page with a button and a menu item that open the same small form dialog. */
function Page({ onOpenChange = () => {} }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState('');
  const [note, setNote] = useState('');
  const change = (next: boolean) => {
    onOpenChange(next);
    setOpen(next);
  };
  return (
    <>
      <button type="button" onClick={() => change(true)}>
        Plan
      </button>
      <input aria-label="Search the page" />
      <DropdownMenu>
        <DropdownMenuTrigger>More</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => change(true)}>Plan from menu</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={change}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Plan a ride</DialogTitle>
          <LocationSearchInput label="Start" value={place} onTextChange={setPlace} onSelect={() => {}} />
          <label>
            Note
            <input value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
          <DialogClose>Cancel</DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The page rendered, with what it tells of opening and closing; `api` answers the place search. */
function renderPage(api: Parameters<typeof mockApi>[0] = {}) {
  mockApi(api);
  const onOpenChange = vi.fn();
  renderWithApp(<Page onOpenChange={onOpenChange} />);
  return { onOpenChange };
}

/** The dialog opened from the focused Plan button, where the focus should come back to. */
function openFromPlan() {
  const plan = screen.getByRole('button', { name: 'Plan' });
  plan.focus();
  return { plan, dialog: openDialog() };
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
  return screen.getByRole('dialog', { name: 'Plan a ride' });
}

describe('Dialog', () => {
  it('Escape in an open suggestion list closes the list only; the dialog and what was typed stay', async () => {
    const { onOpenChange } = renderPage({ 'GET /api/search-location': () => json(places) });
    const dialog = openDialog();
    const start = within(dialog).getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
    fireEvent.change(start, { target: { value: 'Bolo' } });
    await within(dialog).findAllByRole('option');

    fireEvent.keyDown(start, { key: 'Escape' });

    expect(start.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Plan a ride' })).toBe(dialog);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(start.value).toBe('Bolo');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('closes at once on Escape when nothing was typed', () => {
    const { onOpenChange } = renderPage();
    const dialog = openDialog();
    fireEvent.keyDown(within(dialog).getByLabelText('Note'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks "Discard changes?" before Escape loses typed input; Keep editing keeps it, Discard closes', async () => {
    const { onOpenChange } = renderPage();
    const dialog = openDialog();
    const note = within(dialog).getByLabelText('Note') as HTMLInputElement;
    fireEvent.change(note, { target: { value: 'Espresso in Loiano' } });
    note.focus();

    fireEvent.keyDown(note, { key: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Espresso in Loiano');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')));

    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks on the corner X too, while the form\'s own Cancel closes without asking', async () => {
    renderPage();
    let dialog = openDialog();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // A new opening starts clean: nothing typed, nothing to ask about.
    dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('gives the focus back to the button that opened it', async () => {
    renderPage();
    const { plan, dialog } = openFromPlan();
    fireEvent.keyDown(within(dialog).getByLabelText('Note'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(plan));
  });

  it('gives the focus back to the menu button when a menu item opened it (the item itself is gone)', async () => {
    renderPage();
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    fireEvent.pointerDown(more, { button: 0, pointerType: 'mouse' });
    const item = await screen.findByRole('menuitem', { name: 'Plan from menu' });
    item.focus();
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Plan a ride' });
    expect(screen.queryByRole('menuitem')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more));
  });

  it('leaves the focus in a field the rider moved to before the dialog finished closing', async () => {
    renderPage();
    const { dialog } = openFromPlan();
    // Radix asks where the focus goes a tick after the dialog has gone: the test runs that tick itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.keyDown(within(dialog).getByLabelText('Note'), { key: 'Escape' });
    const search = screen.getByRole('textbox', { name: 'Search the page' });
    search.focus();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(document.activeElement).toBe(search);
  });
});
