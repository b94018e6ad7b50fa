import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ERROR_MESSAGES, errorMessageId, type ErrorCode } from '../../shared/http/error-codes';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, SOURCE_LOCALE } from '../../shared/i18n/locales';
import { englishMessage, HttpError } from './errors';

/*
 * The closed list of refusal codes (issue 31 point 7): each code's message is `errors.<code>`,
 * compiles, and is in every catalog (src/server/i18n/catalogs.unit.test.ts then checks each
 * translation keeps its placeholders). A throw without a code does not compile (platform/errors.ts).
 */

const po = formatter({ lineNumbers: false });
const codes = Object.keys(ERROR_MESSAGES) as ErrorCode[];

describe('the refusal codes', () => {
  it('are snake_case, each with its own message id', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(ERROR_MESSAGES[code].id).toBe(errorMessageId(code));
    }
  });

  it('keep the codes clients already act on', () => {
    for (const code of ['unknown_time_zone', 'nonexistent_local_time', 'invalid_local_time', 'unknown_push_service', 'guest_upload_total', 'invalid_input']) {
      expect(codes).toContain(code);
    }
  });

  it('each have an English message that compiles, filled in with the parameters', () => {
    for (const code of codes) expect(() => compileMessage(ERROR_MESSAGES[code].message), code).not.toThrow();
    expect(englishMessage('ride_full')).toBe('This ride is full');
    expect(englishMessage('ban_member_instead')).toBe('This rider is in the group: remove them with "Don\'t let them rejoin" instead');
    expect(englishMessage('too_few_seats', { seats: 1 })).toBe('1 rider has joined; maximum riders cannot be less than 1');
    expect(englishMessage('too_few_seats', { seats: 3 })).toBe('3 riders have joined; maximum riders cannot be less than 3');
    expect(englishMessage('unknown_time_zone', { zone: 'Mars/Olympus' })).toBe('Unknown time zone "Mars/Olympus": send an IANA zone such as Europe/Rome');
  });

  it('answer with { message, code, params } bodies', () => {
    expect(new HttpError(409, 'too_few_seats', { seats: 2 }).body).toEqual({
      message: '2 riders have joined; maximum riders cannot be less than 2',
      code: 'too_few_seats',
      params: { seats: 2 },
    });
    expect(new HttpError(404, 'ride_not_found').body).toEqual({ message: 'Ride not found', code: 'ride_not_found' });
  });

  for (const locale of [...SHIPPED_LOCALES, PSEUDO_LOCALE]) {
    it(`are all in the ${locale} catalog`, async () => {
      const file = new URL(`../../locales/${locale}/messages.po`, import.meta.url);
      const catalog = await po.parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file.pathname });
      const missing = codes.filter((code) => !catalog?.[errorMessageId(code)]?.translation);
      expect(missing).toEqual([]);
    });
  }
});
