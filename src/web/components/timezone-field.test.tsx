import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { TimezoneField } from './timezone-field';

afterEach(cleanup);

type Values = { name: string; timezoneOffset: string; timezoneName: string };
let latest: { values: Values; dirty: Partial<Record<keyof Values, boolean>> } | null = null;

function Form() {
  const form = useForm<Values>({ defaultValues: { name: 'Crew', timezoneOffset: 'UTC+00:00', timezoneName: 'UTC' } });
  latest = { values: form.watch(), dirty: form.formState.dirtyFields };
  return (
    <form>
      <TimezoneField form={form} id="tz" />
    </form>
  );
}

describe('TimezoneField', () => {
  it('sets both the offset and the zone name, as changes of the form', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: /Timezone/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search timezones' }), { target: { value: 'kath' } });
    fireEvent.click(screen.getByRole('option', { name: /Kathmandu/ }));
    expect(latest?.values).toEqual({ name: 'Crew', timezoneOffset: 'UTC+05:45', timezoneName: 'Kathmandu' });
    expect(latest?.dirty).toMatchObject({ timezoneOffset: true, timezoneName: true });
    expect(screen.getByRole('button', { name: /Timezone/ }).textContent).toContain('UTC+05:45 - Kathmandu');
  });
});
