import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { TimezoneField } from './timezone-field';
import { render } from '../test/utils';

afterEach(cleanup);

type Values = { name: string; timezone: string; timezoneOffset: string; timezoneName: string };

/** The form's values and changed fields are rendered, so the test reads what the form holds. */
function Form() {
  const form = useForm<Values>({ defaultValues: { name: 'Crew', timezone: 'UTC', timezoneOffset: 'UTC+00:00', timezoneName: 'UTC' } });
  const values = useWatch({ control: form.control });
  const dirty = form.formState.dirtyFields;
  return (
    <form>
      <TimezoneField form={form} id="tz" />
      <output aria-label="Form state">{JSON.stringify({ values, dirty })}</output>
    </form>
  );
}

function formState(): { values: Values; dirty: Partial<Record<keyof Values, boolean>> } {
  return JSON.parse(screen.getByRole('status', { name: 'Form state' }).textContent ?? 'null');
}

describe('TimezoneField', () => {
  it('sets the zone, its offset and its city, as changes of the form', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: /Timezone/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search timezones' }), { target: { value: 'kath' } });
    fireEvent.click(screen.getByRole('option', { name: /Kathmandu/ }));
    expect(formState().values).toEqual({ name: 'Crew', timezone: 'Asia/Kathmandu', timezoneOffset: 'UTC+05:45', timezoneName: 'Kathmandu' });
    expect(formState().dirty).toMatchObject({ timezone: true, timezoneOffset: true, timezoneName: true });
    expect(screen.getByRole('button', { name: /Timezone/ }).textContent).toContain('UTC+05:45 - Kathmandu');
  });
});
