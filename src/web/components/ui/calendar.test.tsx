import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import Calendar from './calendar';
import { render } from '../../test/utils';

function speak(locale: string, region: string) {
  act(() => i18n.loadAndActivate({ locale, locales: [region], messages: {} }));
}

afterEach(() => {
  cleanup();
  speak('en', 'en-US');
});

const december = new Date(2026, 11, 1);

function weekdays(): string[] {
  return [...document.querySelectorAll('th')].map((header) => header.getAttribute('aria-label') ?? '');
}

function renderCalendar() {
  render(<Calendar mode="single" defaultMonth={december} />);
}

describe('Calendar', () => {
  it('starts the week on Monday on a British browser and on Sunday on an American one', () => {
    speak('en', 'en-GB');
    renderCalendar();
    expect(weekdays()[0]).toBe('Monday');
    cleanup();
    speak('en', 'en-US');
    renderCalendar();
    expect(weekdays()[0]).toBe('Sunday');
    expect(screen.getByText('December 2026')).toBeTruthy();
  });

  it('names the month and the weekdays in the rider language', () => {
    speak('it', 'it-IT');
    renderCalendar();
    expect(weekdays()[0]).toBe('lunedì');
    expect(screen.getByText('dicembre 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^8, martedì 8 dicembre 2026/ })).toBeTruthy();
  });
});
