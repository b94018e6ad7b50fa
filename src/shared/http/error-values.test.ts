import { describe, expect, it } from 'vitest';
import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ERROR_MESSAGES } from './error-codes';
import { MESSAGE_FORMATS } from './error-values';

/*
 * A refusal's sizes and days are sent as data and formatted by the message in the reader's words
 * (issue 31 point 7): the English is the spec's ("1,000 MB", "Mar 28, 2027"), the other languages
 * their own, and an ISO day stays that day on any clock.
 */
const reader = (locale: string, locales: string[] = [locale]) => {
  const i18n = setupI18n({ locale, locales, messages: { [locale]: {} } });
  i18n.setMessagesCompiler(compileMessage);
  return (descriptor: MessageDescriptor, values: Record<string, string | number>) => i18n._(descriptor.id, values, { message: descriptor.message, formats: MESSAGE_FORMATS });
};

describe('a refusal’s data in its message', () => {
  it('writes megabytes in the language’s numbers', () => {
    const limit = { limitBytes: 20_000 * 1024 * 1024, limitMb: 20_000 };
    expect(reader('en')(ERROR_MESSAGES.storage_limit_exceeded, limit)).toBe('Your uploads would exceed your 20,000 MB storage limit');
    expect(reader('it')({ id: 'x', message: '{limitMb, number} MB' }, limit)).toBe('20.000 MB');
    expect(reader('pl')({ id: 'x', message: '{limitMb, number} MB' }, limit)).toBe('20\u00a0000 MB');
  });

  it('writes an ISO day as that calendar day in the language’s words', () => {
    const skipped = { time: '02:30', zone: 'Europe/Rome', day: '2027-03-28' };
    expect(reader('en')(ERROR_MESSAGES.nonexistent_local_time, skipped)).toBe('02:30 does not exist in Europe/Rome on Mar 28, 2027: the clocks go forward that night. Choose another time.');
    expect(reader('it')({ id: 'x', message: '{day, date, utcDay}' }, skipped)).toBe('28 mar 2027');
    expect(reader('de')({ id: 'x', message: '{day, date, utcDay}' }, skipped)).toBe('28. März 2027');
    expect(reader('en', ['en-GB'])({ id: 'x', message: '{day, date, utcDay}' }, skipped)).toBe('28 Mar 2027');
  });
});
